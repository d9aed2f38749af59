// Text tags of other services in uploaded files (issue 11 point 5,
// docs/text-tags.md): RightSignature `[ s:a:r ]`, Dropbox Sign
// `[sig|req|signer1]`, Documenso `{{signature, r1}}`, DocuSeal
// `{{Name;type=date;role=Customer}}`, Adobe Sign `{{Sig_es_:signer1:signature}}`
// and our own `[[signature|Client]]`, each from its example PDF under
// e2e/fixtures/text-tags/ (made by e2e/fixtures/make-tag-pdfs.mjs, whose
// manifest.json says where each tag was drawn and the field it must give).
// A sending request per file over HTTP against the real server; fields
// (type, role, required, place) read back from the builder's draft
// endpoint. sam sends (the sending tests' user), with a dashboard token.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { fetchImagePixels } from "./support/image-pixels";
import { expectHumanMessage, makePdf, putFile, submitFile, tokensFor, waitForFinal } from "./support/sending";

const DIR = path.resolve("e2e/fixtures/text-tags");
type Box = { x: number; y: number; width: number; height: number };
type ManifestTag = { tag: string; type: string; party: string; required: boolean; name?: string; page: number; box: Box; field: Box };
const manifest = JSON.parse(fs.readFileSync(path.join(DIR, "manifest.json"), "utf8")) as {
  dialects: Record<string, { file: string; tags: ManifestTag[] }>;
  lookAlikes: { file: string };
};
const fixturePdf = (file: string) => new Uint8Array(fs.readFileSync(path.join(DIR, file)));

type Field = Box & { id: string; type: string; role: string; name: string; page: number; required: boolean };
type Role = { name: string; sequence?: number };

let token: string;
beforeAll(async () => {
  ({ sam: token } = await tokensFor(["sam"], { dashboard: true }));
});

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");
const rolesBody = (roles: Role[]) =>
  roles.map((r) => ({ name: r.name, signer_name: `Signer ${r.name}`, signer_email: `${slug(r.name)}@tag-dialects.example`, ...(r.sequence === undefined ? {} : { sequence: r.sequence }) }));

/** Sends a file through a sending request and waits for the end of processing. */
async function send(bytes: Uint8Array, roles: Role[], sequencing: boolean, name = "Tag dialects") {
  const { id } = await submitFile("v2", token, bytes, {
    file: { name: "tagged.pdf" },
    document: { name, signer_sequencing: sequencing, roles: rolesBody(roles) },
  });
  return waitForFinal("v2", token, id);
}

/** The document's fields with their places, as the builder reads them. */
async function fieldsOf(documentId: string): Promise<Field[]> {
  const res = await api(`/ext/documents/${documentId}/draft`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.document.fields;
}

async function sendFixture(dialect: string, roles: Role[], sequencing: boolean) {
  const { file, tags } = manifest.dialects[dialect]!;
  const done = await send(fixturePdf(file), roles, sequencing, `Tags: ${dialect}`);
  expect(done.status, JSON.stringify(done)).toBe("completed");
  await expectTagsCovered(done.document_template_id, tags);
  return fieldsOf(done.document_template_id);
}

/**
 * The tags are covered: in the page image signers see (rendered from the PDF
 * that is signed), nothing is drawn inside any tag's box, while the label
 * printed beside each tag is still there.
 */
async function expectTagsCovered(documentId: string, tags: ManifestTag[]) {
  const doc = (await api(`/public/v2/documents/${documentId}`, { token })).body.document;
  const { data, ...image } = await fetchImagePixels(doc.page_image_urls[0]);
  /** Pixels that are not white within a box (fractions of the page), 1 px in from its edges. */
  const inked = (b: Box) => {
    let n = 0;
    const [x0, x1] = [Math.ceil(b.x * image.width) + 1, Math.floor((b.x + b.width) * image.width) - 1];
    const [y0, y1] = [Math.ceil(b.y * image.height) + 1, Math.floor((b.y + b.height) * image.height) - 1];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = (y * image.width + x) * 4;
        if (data[i]! + data[i + 1]! + data[i + 2]! < 3 * 230) n++;
      }
    }
    return n;
  };
  for (const t of tags) {
    expect(inked(t.box), `${t.tag} is covered`).toBe(0);
    expect(inked({ x: 72 / 612, y: t.box.y, width: 200 / 612, height: t.box.height }), `the label beside ${t.tag} shows`).toBeGreaterThan(0);
  }
}

/**
 * Every tag of the fixture became one field of the right type, role,
 * requiredness (and name, when the tag gives one), placed within 2 % of the
 * page of where the fixture generator says it must be (the tag's drawn box
 * for the other services' tags). Answers the fields that came from tags.
 */
function expectTagFields(fields: Field[], tags: ManifestTag[], roleOf: (party: string) => string): Field[] {
  const left = [...fields];
  const matched: Field[] = [];
  for (const t of tags) {
    const role = roleOf(t.party);
    const center = (b: Box) => [b.x + b.width / 2, b.y + b.height / 2] as const;
    const [ex, ey] = center(t.field);
    const candidates = left
      .filter((f) => f.page === t.page && f.type === t.type && f.role === role)
      .map((f) => ({ f, d: Math.hypot(center(f)[0] - ex, center(f)[1] - ey) }))
      .sort((a, b) => a.d - b.d);
    expect(candidates.length, `a ${t.type} field for ${role} from ${t.tag} among ${JSON.stringify(fields)}`).toBeGreaterThan(0);
    const f = candidates[0]!.f;
    left.splice(left.indexOf(f), 1);
    matched.push(f);
    const what = `${t.tag} → ${JSON.stringify(f)} (expected ${JSON.stringify(t.field)})`;
    expect(f.required, what).toBe(t.required);
    if (t.name) expect(f.name, what).toBe(t.name);
    for (const k of ["x", "y", "width", "height"] as const) expect(Math.abs(f[k] - t.field[k]), `${k} of ${what}`).toBeLessThanOrEqual(0.02);
  }
  return matched;
}

/** A role without any tag gets one signature field (docs/text-tags.md "Roles without tags"). */
function expectOnlyAutoSignature(fields: Field[], role: string) {
  const own = fields.filter((f) => f.role === role);
  expect(own.map((f) => ({ type: f.type, required: f.required })), `fields of ${role}`).toEqual([{ type: "signature", required: true }]);
}

// ---------------------------------------------------------------- one PDF per dialect

describe("the example PDF of each dialect becomes fields of the right type, party, requiredness and place", () => {
  it("our own grammar [[type|role|options]] (roles by name)", { timeout: 120_000 }, async () => {
    const d = manifest.dialects.native!;
    const fields = await sendFixture("native", [{ name: "Client", sequence: 0 }, { name: "Manager", sequence: 1 }], true);
    expectTagFields(fields, d.tags, (p) => p);
    expect(fields).toHaveLength(d.tags.length);
  });

  it("RightSignature [ s:a:r ]: party letters in signing order (sequence, not list order), aa = the 27th", { timeout: 120_000 }, async () => {
    const d = manifest.dialects.rightsignature!;
    // Listed last-first: with sequencing the order is by sequence, so a = P1, b = P2, aa = P27.
    const roles = Array.from({ length: 27 }, (_, i) => ({ name: `P${27 - i}`, sequence: 26 - i }));
    const fields = await sendFixture("rightsignature", roles, true);
    const byLetter: Record<string, string> = { a: "P1", b: "P2", aa: "P27" };
    const tagged = expectTagFields(fields, d.tags, (p) => byLetter[p]!);
    // the field covers the tag as drawn: spaces or a larger font make it larger
    const wide = tagged[d.tags.findIndex((t) => t.tag.startsWith("[s:b:r "))]!;
    const plain = tagged[d.tags.findIndex((t) => t.tag === "[ s:a:r ]")]!;
    const big = tagged[d.tags.findIndex((t) => t.tag === "[ d:b:o ]")]!;
    expect(wide.width).toBeGreaterThan(plain.width * 2);
    expect(big.height).toBeGreaterThan(plain.height * 1.4);
    // the 24 roles without tags get a signature field each; nothing else
    for (const r of roles.filter((r) => !Object.values(byLetter).includes(r.name))) expectOnlyAutoSignature(fields, r.name);
    expect(fields).toHaveLength(d.tags.length + 24);
  });

  it("RightSignature: without sequencing parties count in list order, and a role named with the party letter wins", { timeout: 120_000 }, async () => {
    const d = manifest.dialects.rightsignature!;
    // a → Alpha (1st listed); b → the role named "b", not Beta (2nd listed); aa → the role named "aa" (only 4 roles).
    const fields = await sendFixture("rightsignature", [{ name: "Alpha" }, { name: "Beta" }, { name: "b" }, { name: "aa" }], false);
    expectTagFields(fields, d.tags, (p) => ({ a: "Alpha", b: "b", aa: "aa" })[p]!);
    expectOnlyAutoSignature(fields, "Beta");
    expect(fields).toHaveLength(d.tags.length + 1);
  });

  it("Dropbox Sign [sig|req|signer1]: signerN in signing order", { timeout: 120_000 }, async () => {
    const d = manifest.dialects["dropbox-sign"]!;
    const fields = await sendFixture("dropbox-sign", [{ name: "Second", sequence: 1 }, { name: "First", sequence: 0 }], true);
    expectTagFields(fields, d.tags, (p) => ({ signer1: "First", signer2: "Second" })[p]!);
    expect(fields).toHaveLength(d.tags.length);
  });

  it("Documenso {{signature, r1}}: rN in list order, name/number become text fields", { timeout: 120_000 }, async () => {
    const d = manifest.dialects.documenso!;
    const fields = await sendFixture("documenso", [{ name: "First" }, { name: "Second" }], false);
    expectTagFields(fields, d.tags, (p) => ({ r1: "First", r2: "Second" })[p]!);
    expect(fields).toHaveLength(d.tags.length);
  });

  it("DocuSeal {{Field Name;type=date;role=Customer}}: roles by name, field names, width/height", { timeout: 120_000 }, async () => {
    const d = manifest.dialects.docuseal!;
    const fields = await sendFixture("docuseal", [{ name: "Manager", sequence: 0 }, { name: "Customer", sequence: 1 }], true);
    expectTagFields(fields, d.tags, (p) => p);
    expect(fields).toHaveLength(d.tags.length);
  });

  it("Adobe Sign {{Sig_es_:signer1:signature}}: signerN, * for required, field names", { timeout: 120_000 }, async () => {
    const d = manifest.dialects["adobe-sign"]!;
    const fields = await sendFixture("adobe-sign", [{ name: "First", sequence: 0 }, { name: "Second", sequence: 1 }], true);
    expectTagFields(fields, d.tags, (p) => ({ signer1: "First", signer2: "Second" })[p]!);
    expect(fields).toHaveLength(d.tags.length);
  });
});

// ---------------------------------------------------------------- template uploads (the builder)

describe("a template upload takes its roles from the tags", () => {
  it("the Nth recipient of any dialect becomes the role \"Signer N\"; DocuSeal's role names stay", { timeout: 120_000 }, async () => {
    const upload = async (file: string) => {
      const created = await api("/ext/template_uploads", { token, method: "POST", body: { file_name: file } });
      expect(created.status, created.text).toBe(200);
      const { id, upload_url } = created.body.template_upload;
      expect((await putFile(upload_url, fixturePdf(file))).status).toBe(200);
      expect((await api(`/ext/template_uploads/${id}/uploaded`, { token, method: "POST", body: {} })).status).toBe(200);
      const deadline = Date.now() + 90_000;
      for (;;) {
        const now = (await api(`/ext/template_uploads/${id}`, { token })).body.template_upload;
        if (now.status === "completed" || now.status === "errored" || Date.now() > deadline) return now;
        await new Promise((r) => setTimeout(r, 300));
      }
    };
    const rs = await upload("rightsignature.pdf");
    expect(rs.status, rs.status_message).toBe("completed");
    expect([...rs.roles].sort()).toEqual(["Signer 1", "Signer 2", "Signer 27"]);
    expectTagFields(rs.fields, manifest.dialects.rightsignature!.tags, (p) => ({ a: "Signer 1", b: "Signer 2", aa: "Signer 27" })[p]!);

    const ds = await upload("docuseal.pdf");
    expect(ds.status, ds.status_message).toBe("completed");
    expect([...ds.roles].sort()).toEqual(["Customer", "Manager"]);
  });
});

// ---------------------------------------------------------------- text that only looks like tags

describe("ordinary text that looks like tags is left alone", () => {
  it("[a:b], [x:y:z], [a|b|c], {{ name }}, {{Field Name}}, {{x=1}} in prose: completed, no fields of their own", { timeout: 120_000 }, async () => {
    const done = await send(fixturePdf(manifest.lookAlikes.file), [{ name: "Client" }], false, "Look-alikes");
    expect(done.status, JSON.stringify(done)).toBe("completed");
    const fields = await fieldsOf(done.document_template_id);
    expectOnlyAutoSignature(fields, "Client");
    expect(fields).toHaveLength(1);
  });
});

// ---------------------------------------------------------------- errors name the page and the tag

describe("a malformed tag or an unknown party ends the request errored, naming the page and the tag", () => {
  const roles = [{ name: "Client", sequence: 0 }, { name: "Manager", sequence: 1 }];
  const cases: [string, string, RegExp[]][] = [
    ["RightSignature, a third part neither o nor r", "[ s:a:x ]", [/"x" must be r/]],
    ["RightSignature, party c of two roles", "[s:c:r]", [/"c"/, /3rd recipient/, /Client/]],
    ["RightSignature, party aa of two roles", "[t:aa:o]", [/27th recipient/]],
    ["Dropbox Sign, an unknown type", "[stamp|req|signer1]", [/stamp/]],
    ["Dropbox Sign, signer3 of two roles", "[sig|req|signer3]", [/signer3/, /3rd recipient/]],
    ["Documenso, r0", "{{signature, r0}}", [/r0/]],
    ["Documenso, r5 of two roles", "{{initials, r5}}", [/5th recipient/]],
    ["DocuSeal, a type we have no field for", "{{Photo;type=image;role=Client}}", [/image/]],
    ["DocuSeal, a role the request does not have", "{{Sign;type=signature;role=Witness}}", [/Witness/, /Did you mean|not one of the roles/]],
    ["Adobe Sign, no signer", "{{Sig_es_}}", [/no signer/]],
    ["Adobe Sign, signer3 of two roles", "{{Sig_es_:signer3:signature}}", [/signer3/]],
    ["our grammar, an unknown role", "[[signature|Witness]]", [/Witness/]],
  ];

  it.each(cases)("%s: %s", { timeout: 120_000 }, async (_what, tag, patterns) => {
    const pdf = await makePdf({ pages: 2, title: "Errors", lines: [{ page: 2, text: `Sign here: ${tag}` }] });
    const done = await send(pdf, roles, true, "Tag errors");
    expect(done.status, JSON.stringify(done)).toBe("errored");
    expect(done.document_template_id).toBeNull();
    expectHumanMessage(done.status_message);
    expect(done.status_message).toContain("page 2");
    expect(done.status_message).toContain(JSON.stringify(tag));
    for (const p of patterns) expect(done.status_message).toMatch(p);
  });
});

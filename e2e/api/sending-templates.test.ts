// Sending from reusable templates (spec 3.1, 4.4, 4.4.1, 4.4.2, 8, 9 and
// docs/api-decisions.md "Sending from templates"): send_document and
// embed_document on /public/v1 and /public/v2 and their validation (errors
// common to send, embed and prepare: sending-templates-errors.test.ts;
// preparing and sending a draft: prepare-document.test.ts). Real server over HTTP.
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { expectBadInput, expectDocumentShape, expectError, expectTimestamp, unknownId, VERSIONS, type Version } from "./support/checks";
import {
  componentId,
  embedBody,
  mergeComponents,
  sendBody,
  sendDocument,
  templateCall,
  templateOf,
  tokensFor,
  userOf,
  type MergeComponent,
} from "./support/sending";


const DAY_MS = 24 * 3600 * 1000;
const ROLE_MISMATCH = (name: string) => `The role name supplied (${name}) does not match the role name expected.`;
const MERGE_MISMATCH = "Merge field ids/names do not match the reusable template's merge fields.";

// sam (account "Sending", plan with KBA) sends; his documents stay out of alice's lists.
const sam = userOf("sam");
const samTemplate = templateOf("sam");
const bobTemplate = templateOf("bob");

let t: Record<"sam" | "samRead" | "bob" | "carol" | "dave" | "erin", string>;
let components: MergeComponent[];
let nameId: string;
let dateId: string;

beforeAll(async () => {
  t = await tokensFor(["sam", "samRead", "bob", "carol", "dave", "erin"]);
  components = await mergeComponents(t.sam, samTemplate.id);
  nameId = componentId(components, "Customer Name");
  dateId = componentId(components, "Start Date");
});

const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));
const getDoc = (v: Version, id: string, token = t.sam) => api(`/public/${v}/documents/${id}`, { token });

// ---------------------------------------------------------------- send_document

describe.each(VERSIONS)("POST /public/%s/reusable_templates/:id/send_document", (v) => {
  it("clones the template into a pending document: sent_at, one recipient per role from sequence 0, merge values by id", async () => {
    const before = Date.now();
    const res = await templateCall(v, "send_document", samTemplate.id, t.sam, {
      name: `Send ${v} full`,
      message: "Please sign this.",
      roles: [{ name: "Client", signer_name: "Cleo Client", signer_email: "Cleo@Client.example", message: "Hi Cleo" }],
      merge_field_values: [
        { id: nameId, value: "Acme Industries" },
        { id: dateId, value: "2026/03/01" },
      ],
      expires_in: 30,
      pin: 12345,
      tags: { deal: "42", region: null },
      shared_with: ["Carol@Acme.example"],
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["document"]);
    const doc = res.body.document;
    expectDocumentShape(doc, v, true);
    expect(doc.name).toBe(`Send ${v} full`);
    expect(doc.state).toBe("pending");
    expectTimestamp(doc.sent_at, "sent_at");
    const sentAt = Date.parse(doc.sent_at);
    expect(sentAt).toBeGreaterThanOrEqual(before - 2000);
    expect(sentAt).toBeLessThanOrEqual(Date.now() + 2000);
    expect(Math.abs(Date.parse(doc.expired_at) - (sentAt + 30 * DAY_MS))).toBeLessThan(60_000);

    // one recipient per template role, in sequence from 0; unnamed roles keep the template's signer
    const recipients = [...doc.recipients].sort((a: any, b: any) => a.sequence - b.sequence);
    expect(recipients.map((r: any) => [r.role_name, r.sequence])).toEqual([
      ["Client", 0],
      ["Manager", 1],
    ]);
    expect(recipients[0]).toMatchObject({ name: "Cleo Client", email: "cleo@client.example", status: "pending", message: "Hi Cleo" });
    expect(recipients[1]).toMatchObject({ name: "Morgan Manager", email: "morgan@manager.example", status: "pending" });
    for (const r of recipients) expect(new URL(r.sign_url).searchParams.get("access_token")).toMatch(/^\S{16,}$/);
    expect(new Set(recipients.map((r: any) => r.sign_url)).size).toBe(2);
    // signer sequencing: the first signer's turn
    expect(doc.current_signer_id).toBe(recipients[0].id);

    expect(byName(doc.merge_field_values)).toEqual([
      { id: nameId, name: "Customer Name", value: "Acme Industries" },
      { id: dateId, name: "Start Date", value: "2026/03/01" },
    ]);
    expect(doc.tags).toEqual({ deal: "42", region: null });
    expect(doc.passcode_pin_enabled).toBe(true);
    expect(doc.shared_with).toEqual(["carol@acme.example"]);
    expect(doc.embed_codes).toBeNull();
    expect(doc.in_person).toBe(false);
    expect(doc.kba).toBe(false);
    expect(doc.sender).toMatchObject({ email: sam.email, name: sam.name });

    // the document exists: the same state and recipients on GET, also for the teammate it is shared with
    const got = await getDoc(v, doc.id);
    expect(got.status, got.text).toBe(200);
    expect(got.body.document.state).toBe("pending");
    expect(got.body.document.recipients.map((r: any) => r.id).sort()).toEqual(recipients.map((r: any) => r.id).sort());
    expect((await getDoc(v, doc.id, t.carol)).status).toBe(200);
  });

  it("the mirror wrapper `document` fills parameters absent at the top level", async () => {
    const res = await templateCall(v, "send_document", samTemplate.id, t.sam, {
      document: { name: `Mirror ${v}`, roles: [{ name: "Client", signer_name: "M", signer_email: "m@mirror.example" }], expires_in: 3 },
      name: `Mirror top-level ${v}`,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.document.name).toBe(`Mirror top-level ${v}`);
    expect(res.body.document.recipients.find((r: any) => r.role_name === "Client").email).toBe("m@mirror.example");
  });

  it("dates in merge fields: yyyy/mm/dd and yyyy-mm-dd accepted as given; 2026-02-30 and other forms are a 422 naming the value", async () => {
    for (const value of ["2026/02/28", "2028-02-29"]) {
      const doc = await sendDocument(v, t.sam, samTemplate.id, { merge_field_values: [{ id: dateId, value }] });
      expect(doc.merge_field_values).toEqual([{ id: dateId, name: "Start Date", value }]);
    }
    for (const value of ["2026-02-30", "2027-02-29", "2026/13/01", "01/03/2026", "2026-3-1", "tomorrow"]) {
      const res = await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({
        merge_field_values: [
          { id: nameId, value: "Fine" },
          { id: dateId, value },
        ],
      }));
      expectBadInput(res, "merge_field_values[1][value]");
    }
    // a text merge field takes any text, date-like or not
    const doc = await sendDocument(v, t.sam, samTemplate.id, { merge_field_values: [{ id: nameId, value: "2026-02-30" }] });
    expect(doc.merge_field_values).toEqual([{ id: nameId, name: "Customer Name", value: "2026-02-30" }]);
  });

  it("merge values naming no merge field → 422 with the spec's text", async () => {
    const res = await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({
      merge_field_values: [
        { id: nameId, value: "ok" },
        { id: unknownId(), value: "x" },
      ],
    }));
    expectError(res, 422, MERGE_MISMATCH);
  });

  it("a role the template does not have → 422 naming that role", async () => {
    const res = await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({
      roles: [{ name: "Witness", signer_name: "W", signer_email: "w@witness.example" }],
    }));
    expectError(res, 422, ROLE_MISMATCH("Witness"));
    // role names are matched exactly
    const lower = await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({
      roles: [{ name: "client", signer_name: "W", signer_email: "w@witness.example" }],
    }));
    expectError(lower, 422, ROLE_MISMATCH("client"));
  });

  it("a signer to be e-mailed without an address → 422 naming the role", async () => {
    // the template's Client has no fixed e-mail; only Manager is named
    const res = await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({
      roles: [{ name: "Manager", signer_name: "Max" }],
    }));
    expectBadInput(res, "roles");
    expect(res.body.error).toContain("Client");
  });

  it("expires_in must be an integer from 1 to 365", async () => {
    for (const expires_in of [0, 366, -1, 1.5, "abc", undefined]) {
      const res = await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({ expires_in }));
      expectBadInput(res, "expires_in");
    }
    for (const days of [1, 365]) {
      const doc = await sendDocument(v, t.sam, samTemplate.id, { expires_in: days });
      expect(Math.abs(Date.parse(doc.expired_at) - (Date.parse(doc.sent_at) + days * DAY_MS))).toBeLessThan(60_000);
    }
  });

  it("pin must be 10000 to 99999", async () => {
    for (const pin of [9999, 100000, 0, "12a45"]) {
      const res = await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({ pin }));
      expectBadInput(res, "pin");
    }
    for (const pin of [10000, 99999, "54321"]) {
      const doc = await sendDocument(v, t.sam, samTemplate.id, { pin });
      expect(doc.passcode_pin_enabled).toBe(true);
    }
    const without = await sendDocument(v, t.sam, samTemplate.id);
    expect(without.passcode_pin_enabled).toBe(false);
  });

  it("tags: an object of strings or null is kept; anything else is a 422 naming tags", async () => {
    const doc = await sendDocument(v, t.sam, samTemplate.id, { tags: { project: "apollo", "cost center": "7", note: null } });
    expect(doc.tags).toEqual({ project: "apollo", "cost center": "7", note: null });
    for (const tags of [["a"], "a=b", { nested: { a: 1 } }]) {
      const res = await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({ tags }));
      expectBadInput(res, "tags");
    }
  });

  it("shared_with with an entry that is not an e-mail → 422 `shared_with contains invalid email address`", async () => {
    for (const shared_with of [["not-an-email"], ["ok@ok.example", "bad@"], [42]]) {
      const res = await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({ shared_with }));
      expectError(res, 422, "shared_with contains invalid email address");
    }
  });

  it("kba: refused on a plan without KBA (bob) naming kba; allowed on sam's (the Sending account has KBA)", async () => {
    const refused = await templateCall(v, "send_document", bobTemplate.id, t.bob, sendBody({ kba: true }));
    expectBadInput(refused, "kba");
    const allowed = await sendDocument(v, t.sam, samTemplate.id, { kba: true });
    expect(allowed.kba).toBe(true);
    const bobWithout = await sendDocument(v, t.bob, bobTemplate.id, { kba: false });
    expect(bobWithout.kba).toBe(false);
  });

  it("in_person: no e-mail is needed and the document says in_person", async () => {
    const res = await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({ in_person: true, roles: [{ name: "Client", signer_name: "Walk-in Wendy" }] }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.document.in_person).toBe(true);
    expect(res.body.document.recipients.find((r: any) => r.role_name === "Client")).toMatchObject({ name: "Walk-in Wendy", email: null });
  });

  it("is_sender: the sender signs the role with their own address", async () => {
    const doc = await sendDocument(v, t.sam, samTemplate.id, { roles: [{ name: "Client", signer_name: "Sam Sender", is_sender: true }] });
    expect(doc.recipients.find((r: any) => r.role_name === "Client").email).toBe(sam.email);
    expect(doc.sender.signer).toBe(true);
    const other = await sendDocument(v, t.sam, samTemplate.id);
    expect(other.sender.signer).toBe(false);
  });

  it("signer_omitted (the template has signer sequencing): the other signer remains; omitting everyone → 422 naming roles", async () => {
    const doc = await sendDocument(v, t.sam, samTemplate.id, {
      roles: [
        { name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example" },
        { name: "Manager", signer_omitted: true },
      ],
    });
    expect(doc.state).toBe("pending");
    expect(doc.recipients.find((r: any) => r.id === doc.current_signer_id).role_name).toBe("Client");
    const none = await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({
      roles: [
        { name: "Client", signer_omitted: true },
        { name: "Manager", signer_omitted: true },
      ],
    }));
    expectBadInput(none, "roles");
  });

  it("name and roles are required", async () => {
    const { name: _n, ...noName } = sendBody();
    expectBadInput(await templateCall(v, "send_document", samTemplate.id, t.sam, noName), "name");
    const { roles: _r, ...noRoles } = sendBody();
    expectBadInput(await templateCall(v, "send_document", samTemplate.id, t.sam, noRoles), "roles");
    expectBadInput(await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({ roles: [] })), "roles");
    expectBadInput(await templateCall(v, "send_document", samTemplate.id, t.sam, sendBody({ roles: [{ signer_name: "No role" }] })), "roles[0][name]");
  });
});

describe("merge fields by name (v2) and the v1 contract (spec 9)", () => {
  it("v2 with merge_field_identifier=name maps values by name and answers them with the component ids", async () => {
    const doc = await sendDocument("v2", t.sam, samTemplate.id, {
      merge_field_identifier: "name",
      merge_field_values: [
        { name: "Customer Name", value: "By Name Ltd" },
        { name: "Start Date", value: "2026-12-31" },
      ],
    });
    expect(byName(doc.merge_field_values)).toEqual([
      { id: nameId, name: "Customer Name", value: "By Name Ltd" },
      { id: dateId, name: "Start Date", value: "2026-12-31" },
    ]);
  });

  it("v2 by name: an unknown name → the spec's merge mismatch; a bad date → 422 naming the value", async () => {
    const unknown = await templateCall("v2", "send_document", samTemplate.id, t.sam, sendBody({
      merge_field_identifier: "name",
      merge_field_values: [{ name: "Customer Nickname", value: "x" }],
    }));
    expectError(unknown, 422, MERGE_MISMATCH);
    const badDate = await templateCall("v2", "send_document", samTemplate.id, t.sam, sendBody({
      merge_field_identifier: "name",
      merge_field_values: [{ name: "Start Date", value: "2026-02-30" }],
    }));
    expectBadInput(badDate, "merge_field_values[0][value]");
  });

  it("v2 without merge_field_identifier maps by id: a name alone does not match", async () => {
    const res = await templateCall("v2", "send_document", samTemplate.id, t.sam, sendBody({
      merge_field_values: [{ name: "Customer Name", value: "x" }],
    }));
    expect(res.status, res.text).toBe(422);
  });

  it("v1 requires merge_field_values[][id]: a value given by name is a 422 naming it", async () => {
    const res = await templateCall("v1", "send_document", samTemplate.id, t.sam, sendBody({
      merge_field_identifier: "name",
      merge_field_values: [{ name: "Customer Name", value: "x" }],
    }));
    expectBadInput(res, "merge_field_values[0][id]");
  });

  it("v1 ignores merge_field_identifier: values are matched by id", async () => {
    const doc = await sendDocument("v1", t.sam, samTemplate.id, {
      merge_field_identifier: "name",
      merge_field_values: [{ id: nameId, name: "Something else", value: "By Id Inc" }],
    });
    expect(doc.merge_field_values).toEqual([{ id: nameId, name: "Customer Name", value: "By Id Inc" }]);
  });
});

// ---------------------------------------------------------------- embed_document

/** The attributes of the one iframe in an embed code. */
function iframeOf(code: string) {
  const tags = code.match(/<iframe\b[^>]*>/gi) ?? [];
  expect(tags, code).toHaveLength(1);
  const attrs: Record<string, string> = {};
  for (const m of tags[0]!.matchAll(/([a-z-]+)\s*=\s*"([^"]*)"/gi)) attrs[m[1]!.toLowerCase()] = m[2]!.replace(/&amp;/g, "&");
  return attrs;
}

describe.each(VERSIONS)("POST /public/%s/reusable_templates/:id/embed_document", (v) => {
  it("answers a pending document with one iframe per role, of the given size, pointing at that signer's sign_url", async () => {
    const res = await templateCall(v, "embed_document", samTemplate.id, t.sam, embedBody({
      name: `Embed ${v}`,
      api_embed_width: 820,
      api_embed_height: 640,
      merge_field_values: [{ id: nameId, value: "Embedded Co" }],
    }));
    expect(res.status, res.text).toBe(200);
    const doc = res.body.document;
    expectDocumentShape(doc, v, true);
    expect(doc.state).toBe("pending");
    expectTimestamp(doc.sent_at, "sent_at");
    expect(doc.recipients.map((r: any) => r.sequence).sort()).toEqual([0, 1]);
    expect(doc.merge_field_values).toEqual([{ id: nameId, name: "Customer Name", value: "Embedded Co" }]);
    expect(Array.isArray(doc.embed_codes)).toBe(true);
    expect(doc.embed_codes.map((c: any) => c.signer_role_name).sort()).toEqual(["Client", "Manager"]);
    for (const code of doc.embed_codes) {
      const recipient = doc.recipients.find((r: any) => r.role_name === code.signer_role_name);
      const iframe = iframeOf(code.embed_code);
      expect(iframe.src).toBe(recipient.sign_url);
      expect(iframe.width).toBe("820");
      expect(iframe.height).toBe("640");
      expect(code.signer_email).toBe(recipient.email);
    }
    const client = doc.recipients.find((r: any) => r.role_name === "Client");
    expect(client.name).toBe("Eve Embedded");
    // no e-mail was given or fixed on the template for Client: embedded signers need none
    expect(client.email).toBeNull();
  });

  it("the smallest allowed size, 706 × 500, is accepted", async () => {
    const res = await templateCall(v, "embed_document", samTemplate.id, t.sam, embedBody({ api_embed_width: 706, api_embed_height: 500 }));
    expect(res.status, res.text).toBe(200);
    for (const code of res.body.document.embed_codes) expect(iframeOf(code.embed_code)).toMatchObject({ width: "706", height: "500" });
  });

  it("width below 706 → 422 `Embed width should be 706 or greater`; height below 500 → 422 `Embed height should be 500 or greater`", async () => {
    expectError(await templateCall(v, "embed_document", samTemplate.id, t.sam, embedBody({ api_embed_width: 705 })), 422, "Embed width should be 706 or greater");
    expectError(await templateCall(v, "embed_document", samTemplate.id, t.sam, embedBody({ api_embed_height: 499 })), 422, "Embed height should be 500 or greater");
  });

  it("a missing width or height → 422 naming it", async () => {
    const { api_embed_width: _w, ...noWidth } = embedBody();
    expectBadInput(await templateCall(v, "embed_document", samTemplate.id, t.sam, noWidth), "api_embed_width");
    const { api_embed_height: _h, ...noHeight } = embedBody();
    expectBadInput(await templateCall(v, "embed_document", samTemplate.id, t.sam, noHeight), "api_embed_height");
  });

  it("a role without signer_name → 422 `Signer Name is required`", async () => {
    for (const roles of [[{ name: "Client" }], [{ name: "Client", signer_name: "Ok" }, { name: "Manager", signer_name: "" }]]) {
      expectError(await templateCall(v, "embed_document", samTemplate.id, t.sam, embedBody({ roles })), 422, "Signer Name is required");
    }
  });

  it("merge mismatch → 422 with the spec's text", async () => {
    const res = await templateCall(v, "embed_document", samTemplate.id, t.sam, embedBody({ merge_field_values: [{ id: unknownId(), value: "x" }] }));
    expectError(res, 422, MERGE_MISMATCH);
  });
});

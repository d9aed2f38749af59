// Fillable PDFs (issue 12 point 5, docs/text-tags.md "Fillable PDFs"): the
// AcroForm text fields, checkboxes, radio groups and signature fields of an
// uploaded PDF become fields (type, name, place, requiredness, role by the
// name convention), the form is flattened, and the signed PDF shows the
// entered values with no form field left to edit. The PDFs are made by
// e2e/fixtures/make-acroform-pdfs.mjs (pdf-lib's form API). Sending requests
// over HTTP against the real server; sam sends with a dashboard token, and
// fields (with places) are read back from the builder's draft endpoint.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFSignature, PDFString } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { expectHumanMessage, putFile, submitFile, tokensFor, waitForFinal } from "./support/sending";
import { download, getDocument, pdfText, recipient, signaturePng, squeeze, submitAs, waitForDocument, type Doc } from "./support/signing-calls";

type Box = { x: number; y: number; width: number; height: number };
type Expected = { name: string; type: string; role: string; required: boolean; page: number; box: Box };
type FormSpec = Record<string, unknown> & { name: string; kind: string };
type Fixtures = {
  FORM: FormSpec[];
  makeFillablePdf(opts?: { form?: FormSpec[]; extraText?: { text: string; x: number; y: number; size?: number }[] }): Promise<{ bytes: Uint8Array; expected: Expected[] }>;
  makeHugeFormPdf(count: number): Promise<Uint8Array>;
  displayed(page: number, rect: number[]): Box;
};
type Field = Box & { id: string; type: string; role: string; name: string; page: number; required: boolean };
type Role = { name: string; sequence?: number };

let token: string;
let fx: Fixtures;
beforeAll(async () => {
  ({ sam: token } = await tokensFor(["sam"], { dashboard: true }));
  fx = (await import(/* @vite-ignore */ new URL("../fixtures/make-acroform-pdfs.mjs", import.meta.url).href)) as Fixtures;
});

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");
const ROLES: Role[] = [
  { name: "Client", sequence: 0 },
  { name: "Manager", sequence: 1 },
];

/** Sends a file through a sending request and waits for the end of processing. */
async function send(bytes: Uint8Array, roles: Role[] = ROLES, sequencing = true, name = "Fillable PDF") {
  const { id } = await submitFile("v2", token, bytes, {
    file: { name: "fillable.pdf" },
    document: {
      name,
      signer_sequencing: sequencing,
      roles: roles.map((r) => ({ name: r.name, signer_name: `Signer ${r.name}`, signer_email: `${slug(r.name)}@acroform.example`, ...(r.sequence === undefined ? {} : { sequence: r.sequence }) })),
    },
  });
  return waitForFinal("v2", token, id);
}

async function fieldsOf(documentId: string): Promise<Field[]> {
  const res = await api(`/ext/documents/${documentId}/draft`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.document.fields;
}

function byName(fields: Field[], name: string): Field {
  const f = fields.filter((x) => x.name === name);
  expect(f, `one field named ${JSON.stringify(name)} among ${JSON.stringify(fields.map((x) => x.name))}`).toHaveLength(1);
  return f[0]!;
}

/** Type, role, requiredness, page and place (within 2 % of the page) of each expected field. */
function expectFields(fields: Field[], expected: Expected[]) {
  for (const e of expected) {
    const f = byName(fields, e.name);
    const what = `${e.name} → ${JSON.stringify(f)} (expected ${JSON.stringify(e)})`;
    expect({ type: f.type, role: f.role, required: f.required, page: f.page }, what).toEqual({ type: e.type, role: e.role, required: e.required, page: e.page });
    for (const k of ["x", "y", "width", "height"] as const) expect(Math.abs(f[k] - e.box[k]), `${k} of ${what}`).toBeLessThanOrEqual(0.02);
  }
}

/** The form fields pdf-lib finds in a PDF, by kind. */
async function formFieldsIn(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getForm().getFields().map((f) => ({ name: f.getName(), kind: f.constructor.name, signature: f instanceof PDFSignature }));
}

/** Scripts in a PDF's catalog: an open action, document-level (named) scripts, bookmarks with an action that is not a GoTo. */
async function scriptsOf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const names = pdf.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  let bookmarkActions = 0;
  const outlines = pdf.catalog.lookupMaybe(PDFName.of("Outlines"), PDFDict);
  for (let item = outlines?.lookupMaybe(PDFName.of("First"), PDFDict), n = 0; item && n < 50; item = item.lookupMaybe(PDFName.of("Next"), PDFDict), n++) {
    const action = item.lookupMaybe(PDFName.of("A"), PDFDict);
    if (action && action.get(PDFName.of("S")) !== PDFName.of("GoTo")) bookmarkActions++;
  }
  return { openAction: pdf.catalog.has(PDFName.of("OpenAction")), namedScripts: !!names?.has(PDFName.of("JavaScript")), bookmarkActions };
}

/** poppler's text of one page, within its crop box. */
async function pageText(bytes: Uint8Array, page: number): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "page-text-"));
  try {
    await fs.writeFile(path.join(dir, "in.pdf"), bytes);
    const { stdout } = await promisify(execFile)("pdftotext", ["-cropbox", "-f", String(page), "-l", String(page), path.join(dir, "in.pdf"), "-"]);
    return stdout;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The catalog's /Lang and its bookmarks: each one's title and the index of the page it opens. */
async function outlineOf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const pageRefs = pdf.getPages().map((p) => p.ref.toString());
  const lang = pdf.catalog.lookupMaybe(PDFName.of("Lang"), PDFString, PDFHexString)?.decodeText() ?? null;
  const bookmarks: { title: string; page: number }[] = [];
  const outlines = pdf.catalog.lookupMaybe(PDFName.of("Outlines"), PDFDict);
  for (let item = outlines?.lookupMaybe(PDFName.of("First"), PDFDict); item && bookmarks.length < 50; item = item.lookupMaybe(PDFName.of("Next"), PDFDict)) {
    const dest = item.lookupMaybe(PDFName.of("Dest"), PDFArray);
    const target = dest?.get(0);
    bookmarks.push({
      title: item.lookup(PDFName.of("Title"), PDFString, PDFHexString).decodeText(),
      page: target instanceof PDFRef ? pageRefs.indexOf(target.toString()) : -1,
    });
  }
  return { lang, bookmarks };
}

/** qpdf's own view of the form: how many fields it lists and whether the catalog has one. */
async function qpdfForm(bytes: Uint8Array) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "acroform-"));
  try {
    const file = path.join(dir, "in.pdf");
    await fs.writeFile(file, bytes);
    const { stdout } = await promisify(execFile)("qpdf", ["--json", "--json-key=acroform", file], { maxBuffer: 64 * 1024 * 1024 });
    const form = JSON.parse(stdout).acroform as { fields: { fullname: string; fieldtype: string }[]; hasacroform: boolean };
    return form;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the example form, sent and signed

describe("a fillable PDF sends without text tags, and signs into a flat PDF", () => {
  let expected: Expected[];
  let docId: string;
  let fields: Field[];

  beforeAll(async () => {
    const made = await fx.makeFillablePdf();
    expected = made.expected;
    const done = await send(made.bytes);
    expect(done.status, JSON.stringify(done)).toBe("completed");
    docId = done.document_template_id;
    fields = await fieldsOf(docId);
  }, 120_000);

  it("text, checkbox, radio and signature fields become fields of the right type, name, role, requiredness and place", () => {
    expectFields(fields, expected);
    // Nothing else: prefilled, read-only fields and the push button stay printed; every role has fields, so no automatic box.
    expect(fields.map((f) => f.name).sort()).toEqual(expected.map((e) => e.name).sort());
    // The radio group's options say they belong together.
    for (const o of ["card", "cash", "invoice"]) expect((byName(fields, `payment=${o}`) as Field & { help_text?: string }).help_text).toMatch(/card, cash, invoice/);
  });

  it("the stored PDF the pages are rendered from has no form left, and what the sender filled in stays printed", async () => {
    const doc = await getDocument(token, docId);
    const original = await download(doc.original_file_url, "original_file_url");
    expect(await formFieldsIn(original)).toEqual([]);
    expect((await qpdfForm(original)).hasacroform).toBe(false);
    const text = squeeze(await pdfText(original));
    expect(text).toContain("AcmeHoldingsLtd");
    expect(text).toContain("REF-42");
  });

  it("signing completes; the signed PDF shows the values and keeps no editable field", { timeout: 180_000 }, async () => {
    let doc: Doc = await getDocument(token, docId);
    const id = (name: string) => byName(fields, name).id;
    const client = await submitAs(recipient(doc, "Client"), {
      [id("Client.full_name")]: "Dana Quinn Client",
      [id("notes")]: "Deliver by Friday",
      [id("Client.agree")]: "true",
      [id("newsletter")]: "false",
      [id("payment=invoice")]: "true",
      [id("Client.signature")]: signaturePng("client"),
    });
    expect(client.status, client.text).toBe(200);
    const manager = await submitAs(recipient(doc, "Manager"), {
      [id("signer2_title")]: "Head of Operations",
      [id("Manager.signature")]: signaturePng("manager"),
      [id("Approval note [Manager]")]: "Approved as filed",
    });
    expect(manager.status, manager.text).toBe(200);
    expect(manager.body.state).toBe("executed");

    doc = await waitForDocument(token, docId, (d) => !!d.signed_pdf_url, "signed_pdf_url set", 120_000);
    const signed = await download(doc.signed_pdf_url!, "signed_pdf_url");
    // The only form field left is the service's own PAdES signature; none of the upload's.
    const left = await formFieldsIn(signed);
    expect(left.filter((f) => !f.signature), JSON.stringify(left)).toEqual([]);
    const names = new Set(fx.FORM.map((f) => f.name.split(".")[0]!));
    expect(left.filter((f) => names.has(f.name.split(".")[0]!)), JSON.stringify(left)).toEqual([]);
    const q = await qpdfForm(signed);
    expect(q.fields.filter((f) => f.fieldtype !== "/Sig"), JSON.stringify(q.fields)).toEqual([]);
    expect(q.fields.length).toBeLessThanOrEqual(1);

    const text = squeeze(await pdfText(signed));
    for (const v of ["Dana Quinn Client", "Deliver by Friday", "Head of Operations", "Approved as filed", "Acme Holdings Ltd", "REF-42"]) {
      expect(text, v).toContain(squeeze(v));
    }

    // The upload's bookmarks and language stay in both executed PDFs; in the merged one (the signed
    // document with the certificate's pages after it) the bookmarks still lead to the document's pages.
    doc = await waitForDocument(token, docId, (d) => !!d.merged_document_certificate_url, "merged_document_certificate_url set", 120_000);
    const merged = await download(doc.merged_document_certificate_url!, "merged_document_certificate_url");
    const expectedOutline = { lang: "en-GB", bookmarks: [{ title: "Fillable form", page: 0 }, { title: "Page 2 (turned)", page: 1 }] };
    expect(await outlineOf(signed), "signed PDF").toEqual(expectedOutline);
    expect(await outlineOf(merged), "merged PDF").toEqual(expectedOutline);
    // The upload's scripts reached completion (the stored original has them), and none is in the merged PDF:
    // not on opening, not in the document's names, not behind a bookmark.
    const original = await download(doc.original_file_url, "original_file_url");
    expect(await scriptsOf(original), "the stored original").toEqual({ openAction: true, namedScripts: true, bookmarkActions: 1 });
    expect(await scriptsOf(merged), "merged PDF").toEqual({ openAction: false, namedScripts: false, bookmarkActions: 0 });
    // The footer is on every page of the signed PDF, inside what each page shows (page 2 is turned and cropped).
    const pages = (await PDFDocument.load(signed, { updateMetadata: false })).getPageCount();
    for (let page = 1; page <= pages; page++) {
      expect(squeeze(await pageText(signed, page)), `footer of page ${page}`).toContain(squeeze(`Document ${docId} - verify this copy at`));
    }
    // No field of the upload's is left in it either: pdf-lib and qpdf see signature fields at most (its own seal).
    expect((await formFieldsIn(merged)).filter((f) => !f.signature)).toEqual([]);
    const mergedFields = await qpdfForm(merged);
    expect(mergedFields.fields.filter((f) => f.fieldtype !== "/Sig"), JSON.stringify(mergedFields.fields)).toEqual([]);
    expect(mergedFields.fields.length).toBeLessThanOrEqual(1);
  });
});

// ---------------------------------------------------------------- roles by name

describe("form field names choose the role", () => {
  // Listed Manager first, but Client signs first: "first role" and signerN count in signing order.
  const roles: Role[] = [
    { name: "Manager", sequence: 1 },
    { name: "Client", sequence: 0 },
  ];
  const text = (name: string, y: number, x = 300) => ({ name, kind: "text", rect: [x, y, 200, 18] });

  it("a role-name prefix (any case), [Role] anywhere, signerN in signing order, else the first signer", { timeout: 120_000 }, async () => {
    const form = [
      text("signer1_name", 680),
      text("signer2 phone", 640),
      text("MANAGER.email", 600),
      text("Witness [client]", 560),
      text("Amount [USD]", 520),
      text("Client_notes", 480),
      text("Managerial remarks", 440),
      { name: "Manager.signature", kind: "signature", rect: [300, 380, 200, 40] },
    ];
    const { bytes } = await fx.makeFillablePdf({ form });
    const done = await send(bytes, roles, true, "Form field roles");
    expect(done.status, JSON.stringify(done)).toBe("completed");
    const fields = await fieldsOf(done.document_template_id);
    const roleOf = Object.fromEntries(fields.map((f) => [f.name, f.role]));
    expect(roleOf).toEqual({
      signer1_name: "Client",
      "signer2 phone": "Manager",
      "MANAGER.email": "Manager",
      "Witness [client]": "Client",
      "Amount [USD]": "Client", // brackets naming no role are text; Client signs first
      Client_notes: "Client",
      "Managerial remarks": "Client", // a role's name must be followed by a separator
      "Manager.signature": "Manager",
      // Client has fields but no signature field: none is added (only roles without any field get one)
    });
  });

  it("without signer sequencing the first listed role is the default", { timeout: 120_000 }, async () => {
    const { bytes } = await fx.makeFillablePdf({ form: [text("anything", 680), text("signer1_x", 640)] });
    const done = await send(bytes, roles, false, "Form field roles, unordered");
    expect(done.status, JSON.stringify(done)).toBe("completed");
    const fields = await fieldsOf(done.document_template_id);
    expect(byName(fields, "anything").role).toBe("Manager");
    expect(byName(fields, "signer1_x").role).toBe("Manager");
    // Client has no field of its own: it gets the automatic signature box.
    expect(fields.filter((f) => f.role === "Client").map((f) => f.type)).toEqual(["signature"]);
  });

  it("signerN beyond the request's roles ends the request errored, naming the field and its page", { timeout: 120_000 }, async () => {
    const { bytes } = await fx.makeFillablePdf({ form: [text("signer3_date", 680)] });
    const done = await send(bytes, roles, true, "Form field roles, unknown");
    expect(done.status, JSON.stringify(done)).toBe("errored");
    expectHumanMessage(done.status_message);
    expect(done.status_message).toContain('"signer3_date"');
    expect(done.status_message).toContain("page 1");
    expect(done.status_message).toMatch(/3rd recipient/);
  });
});

// ---------------------------------------------------------------- template uploads (the builder)

describe("a template upload of a fillable PDF", () => {
  it("takes its roles from the names: [Role] as written, signerN as \"Signer N\", the rest for Signer 1", { timeout: 120_000 }, async () => {
    const { bytes } = await fx.makeFillablePdf();
    const created = await api("/ext/template_uploads", { token, method: "POST", body: { file_name: "fillable.pdf" } });
    expect(created.status, created.text).toBe(200);
    const { id, upload_url } = created.body.template_upload;
    expect((await putFile(upload_url, bytes)).status).toBe(200);
    expect((await api(`/ext/template_uploads/${id}/uploaded`, { token, method: "POST", body: {} })).status).toBe(200);
    let upload: { status: string; status_message: string | null; roles: string[]; fields: Field[] };
    const deadline = Date.now() + 90_000;
    do {
      await new Promise((r) => setTimeout(r, 300));
      upload = (await api(`/ext/template_uploads/${id}`, { token })).body.template_upload;
    } while (upload.status !== "completed" && upload.status !== "errored" && Date.now() < deadline);
    expect(upload.status, upload.status_message ?? "").toBe("completed");
    expect([...upload.roles].sort()).toEqual(["Manager", "Signer 1", "Signer 2"]);
    expect(byName(upload.fields, "Approval note [Manager]").role).toBe("Manager");
    expect(byName(upload.fields, "signer2_title").role).toBe("Signer 2");
    for (const name of ["Client.full_name", "Client.signature", "Manager.signature", "payment=cash"]) expect(byName(upload.fields, name).role).toBe("Signer 1");
  });
});

// ---------------------------------------------------------------- text tags and form fields together

describe("text tags and form fields in one file", () => {
  it("both become fields; a tag wins over a form field in the same place, and keeps its name", { timeout: 120_000 }, async () => {
    const agree = fx.FORM.find((f) => f.name === "Client.agree")!;
    const [ax, ay] = agree.rect as number[];
    const { bytes, expected } = await fx.makeFillablePdf({
      extraText: [
        { text: "[[c|Manager]]", x: ax!, y: ay! + 2 }, // on the Client.agree checkbox
        { text: "[[text|Manager|name=newsletter|w=150]]", x: 72, y: 200 }, // the name of a form field
      ],
    });
    const done = await send(bytes, ROLES, true, "Tags and form");
    expect(done.status, JSON.stringify(done)).toBe("completed");
    const fields = await fieldsOf(done.document_template_id);

    expect(fields.some((f) => f.name === "Client.agree"), "the form checkbox under the tag is dropped").toBe(false);
    const box = fx.displayed(1, agree.rect as number[]);
    const tagged = fields.filter((f) => f.type === "checkbox" && f.role === "Manager");
    expect(tagged).toHaveLength(1);
    expect(Math.abs(tagged[0]!.x - box.x)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(tagged[0]!.y - box.y)).toBeLessThanOrEqual(0.02);

    expect(byName(fields, "newsletter")).toMatchObject({ type: "text", role: "Manager" });
    expect(byName(fields, "newsletter #2")).toMatchObject({ type: "checkbox", role: "Client", required: false });
    // Everything else of the form is there as without tags.
    expectFields(fields, expected.filter((e) => e.name !== "Client.agree" && e.name !== "newsletter"));
  });
});

// ---------------------------------------------------------------- bounds

describe("a form too large to import", () => {
  it("100,000 form fields end the request errored quickly, naming the limit", { timeout: 120_000 }, async () => {
    const bytes = await fx.makeHugeFormPdf(100_000);
    const started = Date.now();
    const done = await send(bytes, ROLES, true, "Huge form");
    expect(done.status, JSON.stringify(done)).toBe("errored");
    expect(Date.now() - started).toBeLessThan(60_000);
    expectHumanMessage(done.status_message);
    expect(done.status_message).toMatch(/at most 500 fillable form fields/);
    expect(done.document_template_id).toBeNull();
  });
});

// ---------------------------------------------------------------- completion's flattening on its own

describe("flattenForm (completion, before stamping)", () => {
  it("draws each widget's look into its page and removes the form; a PDF without a form is returned as is", async () => {
    const { flattenForm } = await import("../../lib/server/completion/flatten-form");
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const form = doc.getForm();
    const t = form.createTextField("Prefilled.name");
    t.setText("Kept As Printed");
    t.addToPage(page, { x: 100, y: 600, width: 200, height: 20 });
    form.createCheckBox("box").addToPage(page, { x: 100, y: 500, width: 14, height: 14 });
    // A value saved without an appearance (/NeedAppearances: the viewer was to draw it) is drawn plainly.
    const bare = form.createTextField("bare");
    bare.addToPage(page, { x: 100, y: 400, width: 200, height: 20 });
    bare.setText("Drawn Without Appearance");
    for (const w of bare.acroField.getWidgets()) w.dict.delete(PDFName.of("AP"));
    const bytes = await doc.save({ updateFieldAppearances: false });

    const flat = await flattenForm(bytes);
    expect(await formFieldsIn(flat)).toEqual([]);
    expect((await qpdfForm(flat)).hasacroform).toBe(false);
    expect(squeeze(await pdfText(flat))).toContain("KeptAsPrinted");
    expect(squeeze(await pdfText(flat))).toContain("DrawnWithoutAppearance");
    expect(await flattenForm(flat)).toBe(flat);
  });
});

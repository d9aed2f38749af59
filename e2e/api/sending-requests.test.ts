// Sending requests (spec 2.4, 3.2, 4.6, 9 and docs/api-decisions.md "Sending
// requests"): create → upload to the signed address → uploaded → background
// processing into a document, on /public/v1 and /public/v2. Files are made in
// the test (pdf-lib PDFs with text tags, a PNG, a ZIP, plain text). Real
// server over HTTP; processing runs in the server's own worker.
import { beforeAll, describe, expect, it } from "vitest";
import { api, BASE_URL, browse, CookieJar, dashboardTokenFor, http, signIn } from "./helpers";
import { expectBadInput, expectDocumentShape, expectError, expectTimestamp, unknownId, UUID, VERSIONS } from "./support/checks";
import {
  createRequest,
  createSendingRequest,
  expectHumanMessage,
  getRequest,
  makePdf,
  makePng,
  makeZip,
  markUploaded,
  putFile,
  sendingRequestBody,
  submitFile,
  tokensFor,
  userOf,
  waitForFinal,
} from "./support/sending";

const PROCESSED = "Sending Request already processed.";
const NOT_FOUND = "Sending Request not found.";
const idNotFound = (id: string) => `Sending Request '${id}' not found.`;
const HEX_ID = UUID; // ids are UUIDs (lib/api/ids.ts)

// sam (account "Sending", plan with KBA) sends; his documents stay out of alice's lists.
const sam = userOf("sam");

let t: Record<"sam" | "samRead" | "bob" | "dave" | "erin", string>;
beforeAll(async () => {
  t = await tokensFor(["sam", "samRead", "bob", "dave", "erin"]);
});

/** A 3-page PDF: two tags of Client on page 1, two of Manager on page 2, nothing on page 3. */
const taggedPdf = () =>
  makePdf({
    pages: 3,
    title: "Tagged one-off contract",
    lines: [
      { page: 1, text: "Client signs here: [[signature|Client]]" },
      { page: 1, text: "[[text|Client|name=title]]" },
      { page: 2, text: "[[signature|Manager|name=manager_sig]]" },
      { page: 2, text: "[[date|Manager]]" },
    ],
  });

const fieldSummary = (fields: any[]) =>
  fields.map((f) => ({ name: f.name, role: f.role, page: f.page, value: f.value })).sort((a, b) => a.name.localeCompare(b.name));

const STATUS_KEYS_V2 = ["created_at", "document_preparation_url", "document_template_id", "id", "status", "status_message", "updated_at"];
const STATUS_KEYS_V1 = STATUS_KEYS_V2.filter((k) => k !== "document_preparation_url");

// ---------------------------------------------------------------- the whole flow

describe.each(VERSIONS)("sending request on /public/%s: create, upload, uploaded, processing", (v) => {
  it("create answers {sending_request} waiting_for_file with a signed upload_url valid for 3600 s", async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await createRequest(v, t.sam, sendingRequestBody());
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["sending_request"]);
    const sr = res.body.sending_request;
    expect(sr.id).toMatch(HEX_ID);
    expect(sr.status).toBe("waiting_for_file");
    expect(sr.status_message).toBeNull();
    expect(sr.document_template_id).toBeNull();
    expectTimestamp(sr.created_at, "created_at");
    expectTimestamp(sr.updated_at, "updated_at");
    if (v === "v1") expect(sr).not.toHaveProperty("document_preparation_url");

    const url = new URL(sr.upload_url);
    expect(url.origin).toBe(new URL(BASE_URL).origin);
    expect(url.pathname).toBe(`/uploads/sending_requests/${sr.id}`);
    const expires = Number(url.searchParams.get("expires"));
    expect(Number.isInteger(expires)).toBe(true);
    expect(expires - before).toBeGreaterThanOrEqual(3600 - 5);
    expect(expires - before).toBeLessThanOrEqual(3600 + 5);
    expect(url.searchParams.get("signature")).toMatch(/^\S{16,}$/);

    // GET answers the same request as a bare object
    const got = await getRequest(v, t.sam, sr.id);
    expect(got.status, got.text).toBe(200);
    expect(got.body).not.toHaveProperty("sending_request");
    expect(got.body).toMatchObject({ id: sr.id, status: "waiting_for_file", upload_url: sr.upload_url, document_template_id: null });
  });

  it("PUT a tagged PDF (a second PUT replaces the first), uploaded → processing, then completed with a document made from the tags", { timeout: 120_000 }, async () => {
    const created = await createSendingRequest(v, t.sam, { document: { name: `Tagged ${v}` } });
    const first = await putFile(created.upload_url, await makePdf({ pages: 1, lines: [{ page: 1, text: "[[signature|Client|name=from_first_upload]]" }] }));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({});
    const second = await putFile(created.upload_url, await taggedPdf());
    expect(second.status, second.text).toBe(200);
    expect(second.body).toEqual({});

    const up = await markUploaded(v, t.sam, created.id);
    expect(up.status, up.text).toBe(200);
    expect(Object.keys(up.body).sort()).toEqual(v === "v2" ? STATUS_KEYS_V2 : STATUS_KEYS_V1);
    expect(up.body).toMatchObject({ id: created.id, status: "processing", status_message: null, document_template_id: null });
    if (v === "v2") expect(up.body.document_preparation_url).toBeNull();
    expectTimestamp(up.body.updated_at, "updated_at");

    // uploaded twice → already processed; the file can no longer change
    expectError(await markUploaded(v, t.sam, created.id), 404, PROCESSED);
    const late = await putFile(created.upload_url, await makePdf({ pages: 5 }));
    expectError(late, 409, PROCESSED);

    const done = await waitForFinal(v, t.sam, created.id);
    expect(done).not.toHaveProperty("sending_request");
    expect(done.status, JSON.stringify(done)).toBe("completed");
    expect(done.status_message).toBeNull();
    expect(done.document_template_id).toMatch(HEX_ID);
    if (v === "v2") expect(done.document_preparation_url).toBeNull();
    else expect(done).not.toHaveProperty("document_preparation_url");

    const res = await api(`/public/${v}/documents/${done.document_template_id}`, { token: t.sam });
    expect(res.status, res.text).toBe(200);
    const doc = res.body.document;
    expectDocumentShape(doc, v, true);
    expect(doc).toMatchObject({ id: done.document_template_id, name: `Tagged ${v}`, filename: "one-off-contract.pdf", state: "pending" });
    expectTimestamp(doc.sent_at, "sent_at");
    const recipients = [...doc.recipients].sort((a: any, b: any) => a.sequence - b.sequence);
    expect(recipients.map((r: any) => ({ role: r.role_name, name: r.name, email: r.email, sequence: r.sequence }))).toEqual([
      { role: "Client", name: "Cleo Client", email: "cleo@client.example", sequence: 0 },
      { role: "Manager", name: "Max Manager", email: "max@manager.example", sequence: 1 },
    ]);
    expect(doc.current_signer_id).toBe(recipients[0].id);
    // the second upload's fields, named by the tags (or <type>_<n>), on the tags' pages
    expect(fieldSummary(doc.form_fields)).toEqual([
      { name: "date_1", role: "Manager", page: 2, value: "" },
      { name: "manager_sig", role: "Manager", page: 2, value: "" },
      { name: "signature_1", role: "Client", page: 1, value: "" },
      { name: "title", role: "Client", page: 1, value: "" },
    ]);
    // one image per page of the second upload, and they are served
    expect(doc.page_image_urls).toHaveLength(3);
    const image = await http(doc.page_image_urls[0]);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type") ?? "").toMatch(/^image\//);
    const pdf = await fetch(doc.original_file_url);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("a PNG image becomes a one-page document with a signature field for each role", { timeout: 120_000 }, async () => {
    const { id } = await submitFile(v, t.sam, makePng(), { file: { name: "scan.png" }, document: { name: `Scan ${v}` } });
    const done = await waitForFinal(v, t.sam, id);
    expect(done.status, JSON.stringify(done)).toBe("completed");
    const doc = (await api(`/public/${v}/documents/${done.document_template_id}`, { token: t.sam })).body.document;
    expect(doc.filename).toBe("scan.png");
    expect(doc.page_image_urls).toHaveLength(1);
    expect(doc.form_fields.map((f: any) => f.role).sort()).toEqual(["Client", "Manager"]);
    for (const f of doc.form_fields) expect(f.page).toBe(1);
  });
});

describe("the document parameters of a sending request reach the document", () => {
  it("shared_with, identity_method, pin, tags, kba, expires_in, messages, is_sender and list order without sequencing", { timeout: 120_000 }, async () => {
    const { id } = await submitFile("v2", t.sam, await makePdf(), {
      document: {
        name: "Parameters carried",
        signer_sequencing: false,
        personalized_messages: true,
        shared_with: ["Carol@Acme.example"],
        identity_method: "none",
        pin: 24680,
        tags: { source: "upload", empty: null },
        kba: true,
        expires_in: 7,
        roles: [
          { name: "Manager", signer_name: "Max Manager", signer_email: "max@manager.example", message: "Max, please sign." },
          { name: "Client", signer_name: "Sam Sender", signer_email: sam.email, is_sender: true },
        ],
      },
    });
    const done = await waitForFinal("v2", t.sam, id);
    expect(done.status, JSON.stringify(done)).toBe("completed");
    const doc = (await api(`/public/v2/documents/${done.document_template_id}`, { token: t.sam })).body.document;
    expect(doc.shared_with).toEqual(["carol@acme.example"]);
    expect(doc.identity_method).toBe("none");
    expect(doc.passcode_pin_enabled).toBe(true);
    expect(doc.tags).toEqual({ source: "upload", empty: null });
    expect(doc.kba).toBe(true);
    expect(Math.abs(Date.parse(doc.expired_at) - (Date.parse(doc.sent_at) + 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    expect(doc.sender.signer).toBe(true);
    // without signer sequencing the list order is the order
    const recipients = [...doc.recipients].sort((a: any, b: any) => a.sequence - b.sequence);
    expect(recipients.map((r: any) => [r.role_name, r.sequence])).toEqual([
      ["Manager", 0],
      ["Client", 1],
    ]);
    expect(recipients[0].message).toBe("Max, please sign.");
  });

  it("document[api_embedded]: the document has one iframe per role of the given size; a too small width is the spec's 422", { timeout: 120_000 }, async () => {
    const tooSmall = await createRequest("v2", t.sam, sendingRequestBody({ document: { api_embedded: true, api_embed_width: 705, api_embed_height: 600 } }));
    expectError(tooSmall, 422, "Embed width should be 706 or greater");
    const { id } = await submitFile("v2", t.sam, await makePdf(), { document: { api_embedded: true, api_embed_width: 900, api_embed_height: 700 } });
    const done = await waitForFinal("v2", t.sam, id);
    expect(done.status, JSON.stringify(done)).toBe("completed");
    const doc = (await api(`/public/v2/documents/${done.document_template_id}`, { token: t.sam })).body.document;
    expect(doc.embed_codes.map((c: any) => c.signer_role_name).sort()).toEqual(["Client", "Manager"]);
    for (const c of doc.embed_codes) {
      const signer = doc.recipients.find((r: any) => r.role_name === c.signer_role_name);
      expect(c.embed_code).toContain(`src="${signer.sign_url}"`);
      expect(c.embed_code).toContain('width="900"');
      expect(c.embed_code).toContain('height="700"');
    }
  });
});

// ---------------------------------------------------------------- the upload address

describe("the upload address", () => {
  it("a changed or incomplete address → 403, and nothing is stored", async () => {
    const created = await createSendingRequest("v2", t.sam);
    const other = await createSendingRequest("v2", t.sam);
    const url = new URL(created.upload_url);
    const sig = url.searchParams.get("signature")!;
    const expires = Number(url.searchParams.get("expires"));
    const variants: Record<string, (u: URL) => void> = {
      "signature changed": (u) => u.searchParams.set("signature", (sig[0] === "a" ? "b" : "a") + sig.slice(1)),
      "expires moved later": (u) => u.searchParams.set("expires", String(expires + 3600)),
      "expires in the past": (u) => u.searchParams.set("expires", String(Math.floor(Date.now() / 1000) - 60)),
      "no signature": (u) => u.searchParams.delete("signature"),
      "no query": (u) => (u.search = ""),
      "another request's signature": (u) => (u.search = new URL(other.upload_url).search),
    };
    const pdf = await makePdf();
    for (const [what, change] of Object.entries(variants)) {
      const u = new URL(url);
      change(u);
      const res = await putFile(u.toString(), pdf);
      expect({ what, status: res.status }).toEqual({ what, status: 403 });
    }
    // nothing arrived: uploaded is a 422 naming file and the request still waits
    expectBadInput(await markUploaded("v2", t.sam, created.id), "file");
    expect((await getRequest("v2", t.sam, created.id)).body.status).toBe("waiting_for_file");
    // the untouched address still works
    expect((await putFile(created.upload_url, pdf)).status).toBe(200);
  });

  it("a file over 25 MB → 413, and nothing is stored", async () => {
    const created = await createSendingRequest("v2", t.sam);
    const big = new Uint8Array(25 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const res = await putFile(created.upload_url, big);
    expect(res.status).toBe(413);
    expectBadInput(await markUploaded("v2", t.sam, created.id), "file");
  });

  it("accepts PUT from other origins (CORS preflight)", async () => {
    const created = await createSendingRequest("v2", t.sam);
    const res = await fetch(created.upload_url, {
      method: "OPTIONS",
      headers: { Origin: "https://app.example", "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "content-type" },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods") ?? "").toContain("PUT");
  });

  it("uploaded before any upload, or after an empty one → 422 naming file; the request keeps waiting and can still be completed", { timeout: 120_000 }, async () => {
    const created = await createSendingRequest("v2", t.sam);
    expectBadInput(await markUploaded("v2", t.sam, created.id), "file");
    await putFile(created.upload_url, new Uint8Array(0));
    expectBadInput(await markUploaded("v2", t.sam, created.id), "file");
    expect((await getRequest("v2", t.sam, created.id)).body.status).toBe("waiting_for_file");

    expect((await putFile(created.upload_url, await makePdf())).status).toBe(200);
    const up = await markUploaded("v2", t.sam, created.id);
    expect(up.status, up.text).toBe(200);
    expect(up.body.status).toBe("processing");
    expect((await waitForFinal("v2", t.sam, created.id)).status).toBe("completed");
  });
});

// ---------------------------------------------------------------- files that cannot become documents

describe("files that cannot be processed end `errored` with a message a person can act on", () => {
  const cases: [string, () => Promise<Uint8Array> | Uint8Array, RegExp[]][] = [
    ["plain text", () => new TextEncoder().encode("Dear Sir, this is a letter, not a PDF.\nRegards\n"), [/PDF/]],
    ["a ZIP archive", () => makeZip(), [/ZIP/i, /PDF/]],
    ["a damaged PDF", () => new TextEncoder().encode("%PDF-1.7\nthis is not really a pdf at all\n%%EOF\n"), [/PDF/]],
    [
      "a PDF with a tag naming a role the request does not have",
      () => makePdf({ pages: 2, lines: [{ page: 2, text: "[[signature|Witness]]" }] }),
      [/Witness/, /page 2/, /Client/],
    ],
    ["a PDF with a tag of an unknown field type", () => makePdf({ lines: [{ page: 1, text: "[[stamp|Client]]" }] }), [/stamp/]],
    ["a PDF of 201 pages (the limit is 200)", () => makePdf({ pages: 201 }), [/201/, /200/]],
    ["an image of 42 megapixels (the limit is 40)", () => makePng(7000, 6000), [/7000/, /6000/]],
  ];

  it.each(cases)("%s", { timeout: 120_000 }, async (_what, make, patterns) => {
    const { id } = await submitFile("v2", t.sam, await make(), { file: { name: "upload.pdf" } });
    const done = await waitForFinal("v2", t.sam, id);
    expect(done.status, JSON.stringify(done)).toBe("errored");
    expect(done.document_template_id).toBeNull();
    expectHumanMessage(done.status_message);
    for (const p of patterns) expect(done.status_message).toMatch(p);
    // the same on v1
    const v1 = await getRequest("v1", t.sam, id);
    expect(v1.body).toMatchObject({ status: "errored", status_message: done.status_message, document_template_id: null });
    // and it cannot be retried with uploaded
    expectError(await markUploaded("v2", t.sam, id), 404, PROCESSED);
  });
});

describe("uploaded, called concurrently", () => {
  it("exactly one of six concurrent calls starts processing; the others answer `Sending Request already processed.`", { timeout: 120_000 }, async () => {
    const created = await createSendingRequest("v2", t.sam);
    expect((await putFile(created.upload_url, await makePdf())).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 6 }, () => markUploaded("v2", t.sam, created.id)));
    const started = results.filter((r) => r.status === 200);
    expect(started).toHaveLength(1);
    expect(started[0]!.body.status).toBe("processing");
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 404, PROCESSED);
    expect((await waitForFinal("v2", t.sam, created.id)).status).toBe("completed");
  });
});

// ---------------------------------------------------------------- not found

describe.each(VERSIONS)("not found on /public/%s", (v) => {
  it("an id not of our form → `Sending Request not found.`; a well-formed unknown id → `Sending Request '<ID>' not found.`", async () => {
    for (const bad of ["nope", "12345", "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ", `${unknownId()}0`]) {
      expectError(await getRequest(v, t.sam, bad), 404, NOT_FOUND);
      expectError(await markUploaded(v, t.sam, bad), 404, NOT_FOUND);
    }
    // A UUID, and an id of the 32-hex form issued before ids were UUIDs, are both ids of ours.
    for (const id of [unknownId(), unknownId().replaceAll("-", "")]) {
      expectError(await getRequest(v, t.sam, id), 404, idNotFound(id));
      expectError(await markUploaded(v, t.sam, id), 404, idNotFound(id));
    }
  });

  it("another user's request → `Sending Request '<ID>' not found.`, and it is left untouched", async () => {
    const created = await createSendingRequest(v, t.sam);
    expect((await putFile(created.upload_url, await makePdf())).status).toBe(200);
    expectError(await getRequest(v, t.bob, created.id), 404, idNotFound(created.id));
    expectError(await markUploaded(v, t.bob, created.id), 404, idNotFound(created.id));
    expect((await getRequest(v, t.sam, created.id)).body.status).toBe("waiting_for_file");
  });
});

// ---------------------------------------------------------------- prepare_document

describe("uploaded with prepare_document=true", () => {
  it("answers {url}; the request ends in a draft document that its preparation page sends", { timeout: 120_000 }, async () => {
    const created = await createSendingRequest("v2", t.sam, { document: { name: "Prepared upload" } });
    expect((await putFile(created.upload_url, await taggedPdf())).status).toBe(200);
    const up = await markUploaded("v2", t.sam, created.id, { prepare_document: true });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toEqual({ url: `${BASE_URL}/sending_requests/${created.id}/prepare` });

    const v2 = await getRequest("v2", t.sam, created.id);
    expect(v2.body.document_preparation_url).toBe(up.body.url);
    const v1 = await getRequest("v1", t.sam, created.id);
    expect(v1.body).not.toHaveProperty("document_preparation_url");

    const done = await waitForFinal("v2", t.sam, created.id);
    expect(done.status, JSON.stringify(done)).toBe("completed");
    expect(done.document_preparation_url).toBe(up.body.url);
    const docId = done.document_template_id;
    const doc = (await api(`/public/v2/documents/${docId}`, { token: t.sam })).body.document;
    expect(doc.state).toBe("draft");
    expect(doc.sent_at).toBeNull();
    expect(fieldSummary(doc.form_fields).map((f) => f.name)).toEqual(["date_1", "manager_sig", "signature_1", "title"]);

    // the url, signed in: once processed it leads to the document's preparation page (the builder)
    const jar = new CookieJar();
    await signIn(jar, sam);
    const page = await browse(jar, up.body.url);
    expect([302, 303, 307, 308]).toContain(page.status);
    expect(new URL(page.location!, BASE_URL).pathname).toBe(`/documents/${docId}/prepare`);
    // the builder's draft: the roles filled from the request; its "Send for signature" sends it
    const dashboard = (await dashboardTokenFor("sam")).access_token;
    const draft = await api(`/ext/documents/${docId}/draft`, { token: dashboard });
    expect(draft.body.document.recipients.length).toBeGreaterThan(0);
    expect((await api(`/ext/documents/${docId}/send`, { token: dashboard, method: "POST", body: {} })).status).toBe(200);
    const sent = (await api(`/public/v2/documents/${docId}`, { token: t.sam })).body.document;
    expect(sent.state).toBe("pending");
    expectTimestamp(sent.sent_at, "sent_at");
  });
});

// Object storage (issue 15 point 1; docs/deploy.md "Object storage"): with
// STORAGE=s3 the service keeps its files in an S3-compatible bucket instead of
// `${DATA_DIR}/files`. Uploads and downloads still go through the app (upload_url,
// HMAC-signed /files addresses), so only where the bytes live changes.
//
// The store is s3rver (npm), started by this file in a temporary directory
// (e2e/api/support/s3-server.ts); the bucket is read with the AWS SDK itself,
// never with the service's driver. One server of the test's own (its own
// PGlite, or its own database on PostgreSQL runs) first runs on local disk and
// makes a signed document; `storage:copy-to-s3` copies its store into the
// bucket; the same server restarted with STORAGE=s3 serves those files with
// its local files gone, then does the whole sending-request and template
// flows with every file in the bucket and nothing under DATA_DIR/files.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT_URI_FOR_OWN_SERVER } from "./support/own-database";
import { importTemplateAt, prepareOwnServer, signEveryRecipientAt, tokenAt, TWO_SIGNER_TEMPLATE, type OwnServer, type OwnServerSetup } from "./support/own-server";
import { jsonCall } from "./support/json-call";
import { startS3Server, type TestS3Server } from "./support/s3-server";
import { makePdf, sendingRequestBody } from "./support/sending";
import { download, type Doc } from "./support/signing-calls";

const USER = { email: "olga@objects.example", password: "s3-Pa55word-e2e", name: "Olga Objects" };
const SECRET_SENTINEL = "this-secret-key-must-never-be-logged-4f1c";

let s3: TestS3Server | undefined;
let setup: OwnServerSetup;
let server: OwnServer | undefined;
let token = "";
let templateId = "";

const call = (p: string, init: { method?: string; body?: unknown } = {}) => jsonCall(server!.baseUrl, token, p, init);

async function getDoc(id: string): Promise<Doc> {
  const r = await call(`/public/v2/documents/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.body.document as Doc;
}

async function waitFor<T>(read: () => Promise<T>, ready: (v: T) => boolean, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let v = await read();
  while (!ready(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 400));
    v = await read();
  }
  if (!ready(v)) throw new Error(`${what} did not happen within ${timeoutMs} ms: ${JSON.stringify(v).slice(0, 800)}\n${server!.logTail(40)}`);
  return v;
}

/** Sends the two-signer template and has both recipients sign; answers the completed document (signed PDF made). */
async function sendSignComplete(name: string): Promise<Doc> {
  const sent = await call(`/public/v2/reusable_templates/${templateId}/send_document`, {
    body: {
      name,
      roles: [
        { name: "First", signer_name: "Fay First", signer_email: "fay@objects.example" },
        { name: "Second", signer_name: "Sam Second", signer_email: "sam@objects.example" },
      ],
      expires_in: 30,
    },
  });
  expect(sent.status, sent.text).toBe(200);
  await signEveryRecipientAt(server!.baseUrl, sent.body.document);
  return waitFor(() => getDoc(sent.body.document.id), (d) => !!d.signed_pdf_url && d.merged_document_certificate_url.includes("/files/"), `completion of "${name}"`);
}

/** The storage key a signed /files address names. */
function keyOf(url: string): string {
  const { pathname } = new URL(url);
  expect(pathname.startsWith("/files/"), url).toBe(true);
  return pathname.slice("/files/".length).split("/").map(decodeURIComponent).join("/");
}

/** Every file of a local store (the local driver's content-type sidecars left out), as keys. */
function localKeys(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile() && !e.name.endsWith(".__meta.json"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/** The address serves exactly the object's bytes, with its content type. */
async function expectServedFromBucket(url: string, what: string, contentType?: string) {
  const key = keyOf(url);
  const object = await s3!.get(key);
  expect(object, `${what}: ${key} is in the bucket`).not.toBeNull();
  const served = await download(url, what);
  expect(Buffer.compare(Buffer.from(served), Buffer.from(object!.data)), `${what}: the bytes served are the object's`).toBe(0);
  if (contentType) expect(object!.contentType, `${what}: Content-Type of ${key}`).toBe(contentType);
  return key;
}

const filesDir = () => path.join(server!.dataDir, "files");

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "s3-storage", fromPort: 3920 });
  server = setup.server;
  if (!server) return;
  s3 = await startS3Server();
  await server.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "Objects Ltd", "--account", "Objects");
  const app = await server.cli("app:create", "--owner", USER.email, "--name", "Objects Integration", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER);
  templateId = await importTemplateAt(server, USER.email, { name: "Object storage contract", ...TWO_SIGNER_TEMPLATE }, "Object storage contract");
  await server.start(); // local disk first: STORAGE is not set
  token = await tokenAt(server.baseUrl, USER, app);
}, 300_000);

afterAll(async () => {
  await setup?.teardown();
  await s3?.close();
}, 60_000);

describe("moving a local store into a bucket (storage:copy-to-s3)", () => {
  let before: Doc;
  const bytes: Record<string, Uint8Array> = {};

  it("a document completed on local disk leaves its files under DATA_DIR/files", { timeout: 240_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    before = await sendSignComplete("Signed on local disk");
    const addresses: [string, string][] = [
      ["signed_pdf_url", before.signed_pdf_url!],
      ["original_file_url", before.original_file_url],
      ...(before.page_image_urls as string[]).map((u, i): [string, string] => [`page ${i + 1}`, u]),
    ];
    for (const [what, url] of addresses) {
      bytes[url] = await download(url, what);
      expect(localKeys(filesDir()), what).toContain(keyOf(url));
    }
    expect(await s3!.list()).toEqual([]);
  });

  it("without S3_BUCKET the command stops with a message naming it", async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const { S3_BUCKET: _bucket, STORAGE: _storage, ...rest } = s3!.env;
    Object.assign(server!.env, rest);
    await expect(server!.cli("storage:copy-to-s3")).rejects.toThrow(/S3_BUCKET: is required/);
    expect(await s3!.list()).toEqual([]);
  });

  it("--dry-run counts the files and copies none; a run copies each under its key and type; a second run skips them all", { timeout: 120_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    await server!.stop();
    const keys = localKeys(filesDir());
    expect(keys.length).toBeGreaterThan(4);
    const { STORAGE: _storage, ...settings } = s3!.env; // still a local-disk deployment, with the bucket's settings added
    Object.assign(server!.env, settings);

    const dry = await server!.cli("storage:copy-to-s3", "--dry-run");
    expect(dry).toMatchObject({ dry_run: true, bucket: s3!.bucket, files: keys.length, skipped: 0, would_upload: keys.length });
    expect(await s3!.list()).toEqual([]);

    const first = await server!.cli("storage:copy-to-s3");
    const total = keys.reduce((n, k) => n + fs.statSync(path.join(filesDir(), ...k.split("/"))).size, 0);
    expect(first).toMatchObject({ dry_run: false, files: keys.length, uploaded: keys.length, skipped: 0, bytes_uploaded: total });
    const listed = await s3!.list();
    expect(listed.map((o) => o.key)).toEqual(keys);
    for (const o of listed) expect(o.size, o.key).toBe(fs.statSync(path.join(filesDir(), ...o.key.split("/"))).size);
    expect((await s3!.get(keyOf(before.signed_pdf_url!)))!.contentType).toBe("application/pdf");
    expect((await s3!.get(keyOf((before.page_image_urls as string[])[0]!)))!.contentType).toMatch(/^image\//);

    const again = await server!.cli("storage:copy-to-s3");
    expect(again).toMatchObject({ files: keys.length, uploaded: 0, skipped: keys.length });
  });

  it("the server restarted with STORAGE=s3 on the same database serves those files with DATA_DIR/files gone", { timeout: 240_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    fs.rmSync(filesDir(), { recursive: true, force: true });
    Object.assign(server!.env, s3!.env);
    await server!.start();
    // The addresses handed out before the move still work …
    for (const [url, old] of Object.entries(bytes)) {
      const served = await download(url, keyOf(url));
      expect(Buffer.compare(Buffer.from(served), Buffer.from(old)), keyOf(url)).toBe(0);
    }
    // … and so do new ones.
    const now = await getDoc(before.id);
    await expectServedFromBucket(now.signed_pdf_url!, "signed_pdf_url", "application/pdf");
    await expectServedFromBucket(now.merged_document_certificate_url, "merged_document_certificate_url", "application/pdf");
    for (const u of now.page_image_urls as string[]) await expectServedFromBucket(u, "page image");
  });
});

describe("with STORAGE=s3", () => {
  it("a sending request: upload_url writes the bucket, a second PUT replaces the first, processing puts the pages there", { timeout: 240_000 }, async (ctx) => {
    if (setup.skipReason || !server?.current) ctx.skip(setup.skipReason || "the server did not start with STORAGE=s3");
    const created = await call("/public/v2/sending_requests", { body: sendingRequestBody({ document: { name: "Uploaded to the bucket" }, file: { name: "bucket.pdf" } }) });
    expect(created.status, created.text).toBe(200);
    const sr = created.body.sending_request as { id: string; upload_url: string };
    const put = (pdf: Uint8Array) => fetch(sr.upload_url, { method: "PUT", headers: { "Content-Type": "application/pdf" }, body: pdf as Uint8Array<ArrayBuffer> });

    const firstPdf = await makePdf({ pages: 1, title: "First upload" });
    expect((await put(firstPdf)).status).toBe(200);
    const uploads = (await s3!.list()).filter((o) => o.key.startsWith(`sending-requests/${sr.id}/`));
    expect(uploads, "one object for the upload").toHaveLength(1);
    const uploadKey = uploads[0]!.key;
    expect(Buffer.from((await s3!.get(uploadKey))!.data).equals(Buffer.from(firstPdf))).toBe(true);

    const secondPdf = await makePdf({
      pages: 3,
      title: "Second upload",
      lines: [
        { page: 1, text: "[[signature|Client]]" },
        { page: 3, text: "[[signature|Manager]]" },
      ],
    });
    expect((await put(secondPdf)).status).toBe(200);
    expect(Buffer.from((await s3!.get(uploadKey))!.data).equals(Buffer.from(secondPdf)), "the second PUT replaced the object").toBe(true);

    const up = await call(`/public/v2/sending_requests/${sr.id}/uploaded`, { method: "POST", body: {} });
    expect(up.status, up.text).toBe(200);
    const done = await waitFor(() => call(`/public/v2/sending_requests/${sr.id}`), (r) => ["completed", "errored"].includes(r.body.status), "processing");
    expect(done.body.status, done.text).toBe("completed");

    const doc = await getDoc(done.body.document_template_id);
    const pages = doc.page_image_urls as string[];
    expect(pages, "the pages of the second upload").toHaveLength(3);
    const listed = new Set((await s3!.list()).map((o) => o.key));
    for (const [i, u] of pages.entries()) {
      const key = await expectServedFromBucket(u, `page ${i + 1}`);
      expect(listed.has(key)).toBe(true);
      expect((await s3!.get(key))!.contentType).toMatch(/^image\//);
    }
    await expectServedFromBucket(doc.original_file_url, "original_file_url", "application/pdf");
  });

  it("a template sent, signed and completed: the signed PDF is in the bucket and signed_pdf_url serves its bytes", { timeout: 240_000 }, async (ctx) => {
    if (setup.skipReason || !server?.current) ctx.skip(setup.skipReason || "the server did not start with STORAGE=s3");
    const doc = await sendSignComplete("Signed into the bucket");
    const key = await expectServedFromBucket(doc.signed_pdf_url!, "signed_pdf_url", "application/pdf");
    expect(key).toContain(doc.id);
    const signed = (await s3!.get(key))!.data;
    expect(Buffer.from(signed).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(Buffer.from(signed).includes(Buffer.from("/ByteRange")), "the bucket holds the sealed PDF").toBe(true);
    await expectServedFromBucket(doc.merged_document_certificate_url, "merged_document_certificate_url", "application/pdf");
    await expectServedFromBucket(doc.signature_certificate_url, "signature_certificate_url", "application/pdf");
    // The signers' drawn signatures were stored by the signing page, in the bucket too.
    const drawn = doc.form_fields.filter((f) => f.value.includes("/files/"));
    expect(drawn).toHaveLength(2);
    for (const f of drawn) await expectServedFromBucket(f.value, `signature of ${f.role}`, "image/png");
  });

  it("a job stopped by the processing deadline while its pages are still being uploaded leaves no object behind", { timeout: 240_000 }, async (ctx) => {
    if (setup.skipReason || !server?.current) ctx.skip(setup.skipReason || "the server did not start with STORAGE=s3");
    await server!.stop();
    const saved = server!.env.PROCESSING_TIMEOUT_SECONDS;
    server!.env.PROCESSING_TIMEOUT_SECONDS = "5"; // the smallest deadline there is
    await server!.start();
    try {
      const created = await call("/public/v2/sending_requests", { body: sendingRequestBody({ document: { name: "Stopped mid-upload" }, file: { name: "held.pdf" } }) });
      expect(created.status, created.text).toBe(200);
      const sr = created.body.sending_request as { id: string; upload_url: string };
      const pdf = await makePdf({ pages: 40, title: "Held uploads" });
      const put = await fetch(sr.upload_url, { method: "PUT", headers: { "Content-Type": "application/pdf" }, body: pdf as Uint8Array<ArrayBuffer> });
      expect(put.status, await put.text()).toBe(200);
      // The pages render in a second or two, but each of their uploads is held 6 s: the job then waits for
      // them past its 5-second deadline, and is stopped with every page's upload still under way.
      const HELD_MS = 6000;
      s3!.delayPuts(HELD_MS);
      const prefix = `sending-requests/${sr.id}/document/`;
      const up = await call(`/public/v2/sending_requests/${sr.id}/uploaded`, { method: "POST", body: {} });
      expect(up.status, up.text).toBe(200);
      const done = await waitFor(() => call(`/public/v2/sending_requests/${sr.id}`), (r) => ["completed", "errored"].includes(r.body.status), "processing");
      expect(`${done.body.status}: ${done.body.status_message}`).toMatch(/^errored: Processing the file took longer than 5 seconds/);
      expect(s3!.putKeys(prefix).length, "page uploads were under way when the job was stopped").toBeGreaterThan(0);
      // An upload the service did not wait for lands within the hold.
      await new Promise((r) => setTimeout(r, HELD_MS + 1000));
      const left = await s3!.list(prefix);
      expect(left.map((o) => o.key), "pages and thumbnails of the stopped job").toEqual([]);
    } finally {
      s3!.delayPuts(0);
      await server!.stop();
      if (saved === undefined) delete server!.env.PROCESSING_TIMEOUT_SECONDS;
      else server!.env.PROCESSING_TIMEOUT_SECONDS = saved;
      await server!.start();
    }
  });

  it("nothing was written under DATA_DIR/files", (ctx) => {
    if (setup.skipReason || !server?.current) ctx.skip(setup.skipReason || "the server did not start with STORAGE=s3");
    expect(localKeys(filesDir())).toEqual([]);
    expect(fs.existsSync(filesDir())).toBe(false);
  });

  it("STORAGE=s3 without S3_BUCKET: the server refuses to run, naming the variable and not the secret key", { timeout: 180_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    await server!.stop();
    const saved = { ...server!.env };
    delete server!.env.S3_BUCKET;
    server!.env.S3_SECRET_ACCESS_KEY = SECRET_SENTINEL;
    // The configuration is read by the start-up hook: the server never becomes ready, and its log says why.
    const starting = server!.start().then(
      () => "answered",
      () => "failed",
    );
    try {
      const deadline = Date.now() + 120_000;
      const log = () => (fs.existsSync(server!.log) ? fs.readFileSync(server!.log, "utf8") : "");
      while (!/S3_BUCKET: is required/.test(log()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(log()).toMatch(/S3_BUCKET: is required/);
      expect(log()).not.toContain(SECRET_SENTINEL);
      const home = await fetch(new URL("/public/v2/me", server!.baseUrl)).then((r) => r.status, () => 0);
      expect(home === 0 || home >= 500, `the misconfigured server answered ${home}`).toBe(true);
    } finally {
      await server!.stop();
      await starting;
      Object.assign(server!.env, saved);
    }
  });
});

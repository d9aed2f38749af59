// Issue 12, points 3 and 4: a tamper-evident audit trail and a verification
// report. On a server of this test's own (its database is edited between
// restarts): a document is sent, signed by two signers and completed; then
// - the report (POST /verify, JSON) is checked field by field for the signed
//   and merged PDFs (verified), a copy with one changed byte (altered, and it
//   reveals nothing about people), a PDF signed by someone else and an
//   unsigned one; the same report as a PDF; POST /verify takes a raw body or a
//   multipart form, and GET /verify stays the page;
// - one stored audit entry is edited in the database: the report says the
//   trail was altered, naming the entry; put back, it verifies again;
// - an entry is deleted and the chain after it rewritten so that it is
//   consistent again: the head sealed into the PDF no longer matches;
// - entries written without a chain (as before migration 0008) are chained on
//   the next start;
// - writers of one trail at the same moment (parallel reminders) never fork it;
// - every executed page carries the footer with the document id and the
//   verification address; /verify?document=<id> shows the document's status.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { P12Signer, PDF } from "@libpdf/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntryHash } from "../../lib/server/documents/audit-chain";
import { api } from "../api/helpers";
import { REDIRECT_URI_FOR_OWN_SERVER } from "../api/support/own-database";
import { importTemplateAt, prepareOwnServer, signEveryRecipientAt, tokenAt, TWO_SIGNER_TEMPLATE, type OwnServer, type OwnServerSetup } from "../api/support/own-server";
import { flipByteInSignedRange } from "../api/support/pdfsig";
import { makePdf } from "../api/support/sending";

const exec = promisify(execFile);
const USER = { email: "chain.keeper@evidence.example", password: "chain-Keeper-Pa55", name: "Cara Chain" };
const SIGNERS = [
  { name: "Fenna First", email: "fenna@first.example" },
  { name: "Sander Second", email: "sander@second.example" },
];

let setup: OwnServerSetup;
let server: OwnServer | undefined;
let token = "";
let templateId = "";
let doc: { id: string; name: string };
const files = {} as { signed: Uint8Array; merged: Uint8Array; original: Uint8Array };

const call = (p: string, o: { method?: string; body?: unknown } = {}) => api(`${server!.baseUrl}${p}`, { token, ...o });
const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

async function verify(bytes: Uint8Array, o: { path?: string; accept?: string } = {}) {
  const res = await fetch(new URL(o.path ?? "/verify", server!.baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/pdf", Accept: o.accept ?? "application/json" },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: JSON.parse(text), text, bytes: null };
  }
  return { status: res.status, headers: res.headers, body: null as any, text: "", bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function download(url: string) {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} → ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function sendAndSign(name: string) {
  const sent = await call(`/public/v2/reusable_templates/${templateId}/send_document`, {
    body: { name, expires_in: 30, roles: SIGNERS.map((s, i) => ({ name: i ? "Second" : "First", signer_name: s.name, signer_email: s.email })) },
  });
  expect(sent.status, sent.text).toBe(200);
  const d = sent.body.document;
  await signEveryRecipientAt(server!.baseUrl, d);
  const deadline = Date.now() + 120_000;
  let now = d;
  while (!now.signed_pdf_url && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    now = (await call(`/public/v2/documents/${d.id}`)).body.document;
  }
  expect(now.signed_pdf_url, server!.logTail()).toBeTruthy();
  return now;
}

/** Runs SQL with the server stopped (PGlite allows one process), then starts it again. */
async function withServerStopped(statements: Parameters<OwnServerSetup["sql"]>[0]) {
  await server!.stop();
  try {
    return await setup.sql(statements);
  } finally {
    await server!.start();
  }
}

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "audit-chain", fromPort: 3470 });
  server = setup.server;
  if (!server) return;
  await server.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "Chain Ltd", "--account", "Chain");
  const app = await server.cli("app:create", "--owner", USER.email, "--name", "Chain Integration", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER);
  templateId = await importTemplateAt(server, USER.email, { name: "Chained", ...TWO_SIGNER_TEMPLATE });
  await server.start();
  token = await tokenAt(server.baseUrl, USER, { ...app, redirect_uri: REDIRECT_URI_FOR_OWN_SERVER });
  const d = await sendAndSign("Chained agreement");
  doc = { id: d.id, name: d.name };
  files.signed = await download(d.signed_pdf_url);
  files.merged = await download(d.merged_document_certificate_url);
  files.original = await download(d.original_file_url);
}, 400_000);

afterAll(() => setup?.teardown(), 60_000);

const skip = (ctx: { skip(reason?: string): void }) => setup.skipReason && ctx.skip(setup.skipReason);

describe("the verification report (POST /verify)", () => {
  it("the signed PDF: verified, field by field", async (ctx) => {
    skip(ctx);
    const res = await verify(files.signed);
    expect(res.status, res.text).toBe(200);
    const r = res.body;
    expect(r.verdict).toBe("verified");
    expect(r.summary).toBe(`Verified: “${doc.name}” was executed by this service and this file is unaltered.`);
    expect(r.access).toBe("public");
    expect(r.file).toEqual({ sha256: sha256(files.signed), size: files.signed.byteLength });
    expect(r.signatures.length).toBeGreaterThanOrEqual(1);
    const [seal] = r.signatures;
    expect(seal).toMatchObject({
      kind: "signature",
      issued_by_this_service: true,
      integrity: { intact: true, digest_matches: true, signature_valid: true },
      signer: { common_name: expect.any(String), sha256_fingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/) },
      problems: [],
    });
    expect(seal.chain.length).toBeGreaterThanOrEqual(1);
    for (const s of r.signatures) expect(s.integrity.intact, JSON.stringify(s)).toBe(true);
    expect(r.signatures.at(-1).integrity.covers_whole_document).toBe(true);

    const d = r.document;
    expect(d).toMatchObject({ id: doc.id, name: doc.name, file: "signed", executed_at: expect.any(String) });
    expect(["B-B", "B-T", "B-LT", "B-LTA"]).toContain(d.signature_level);
    expect(seal.pades_level).toBe(d.signature_level);
    expect(d.signers).toEqual([
      { name: "F*** F***", email: "f***@f***.example", signed_at: expect.any(String) },
      { name: "S*** S***", email: "s***@s***.example", signed_at: expect.any(String) },
    ]);
    expect(d.audit.map((a: any) => a.seq)).toEqual(d.audit.map((_: unknown, i: number) => i + 1));
    expect(d.audit.map((a: any) => a.keyword)).toEqual(expect.arrayContaining(["created", "sent", "signed", "executed", "completed"]));
    const chain = d.audit_chain;
    expect(chain).toMatchObject({ intact: true, length: d.audit.length, problems: [] });
    expect(chain.head).toEqual({ seq: d.audit.length, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Sealed at execution: "completed" comes after the seal, so the sealed head is an earlier entry.
    expect(chain.sealed_head).toMatchObject({ matches: true, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(chain.sealed_head.seq).toBeLessThan(d.audit.length);
    expect(d.audit[chain.sealed_head.seq - 1].keyword).toBe("executed");
    expect(res.text, "no personal data in the public report").not.toMatch(/fenna|sander|Fenna|Sander|ip_address/);
  });

  it("the merged PDF: verified as the file with the certificate", async (ctx) => {
    skip(ctx);
    const res = await verify(files.merged);
    expect(res.body).toMatchObject({ verdict: "verified", document: { id: doc.id, file: "merged", audit_chain: { intact: true, sealed_head: { matches: true } } } });
  });

  it("a copy with one changed byte: altered, names the document it claims and nothing about people", async (ctx) => {
    skip(ctx);
    const res = await verify(flipByteInSignedRange(files.signed));
    const r = res.body;
    expect(r.verdict).toBe("altered");
    expect(r.summary).toBe(`Not verified: this file claims to be document ${doc.id} of this service, but it was changed after signing: bytes covered by a signature were changed.`);
    expect(r.signatures[0]).toMatchObject({ issued_by_this_service: true, integrity: { intact: false, digest_matches: false } });
    expect(r.document).toMatchObject({ id: doc.id, name: null, file: null, signers: [], audit: [] });
    expect(res.text).not.toContain(doc.name);
  });

  it("a PDF signed by someone else: not executed here, its signature still checked; an unsigned PDF: unsigned", async (ctx) => {
    skip(ctx);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foreign-"));
    const p = (n: string) => path.join(dir, n);
    await exec("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", p("k.pem"), "-out", p("c.pem"), "-days", "5", "-subj", "/CN=Someone Else"]);
    await exec("openssl", ["pkcs12", "-export", "-inkey", p("k.pem"), "-in", p("c.pem"), "-out", p("f.p12"), "-passout", "pass:pw"]);
    const foreignDoc = await PDF.load(await makePdf({ title: "Foreign" }));
    const { bytes: foreign } = await foreignDoc.sign({ signer: await P12Signer.create(fs.readFileSync(p("f.p12")), "pw"), reason: "Elsewhere" });
    fs.rmSync(dir, { recursive: true, force: true });

    const r = (await verify(foreign)).body;
    expect(r.verdict).toBe("not_executed_here");
    expect(r.document).toBeNull();
    expect(r.signatures).toHaveLength(1);
    expect(r.signatures[0]).toMatchObject({ issued_by_this_service: false, integrity: { intact: true, covers_whole_document: true }, signer: { common_name: "Someone Else" } });

    const u = (await verify(files.original)).body;
    expect(u).toMatchObject({ verdict: "unsigned", signatures: [], document: null });
    expect(u.summary).toMatch(/^Not verified: /);
  });

  it("POST /verify takes the raw file or a multipart form and answers what /verify/check answers; GET /verify stays the page", async (ctx) => {
    skip(ctx);
    const strip = (r: any) => ({ ...r, generated_at: undefined });
    const page = await verify(files.signed, { path: "/verify/check" });
    const raw = await verify(files.signed);
    expect(strip(raw.body)).toEqual(strip(page.body));
    const form = new FormData();
    form.set("file", new Blob([files.signed as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "signed.pdf");
    const multipart = await fetch(new URL("/verify", server!.baseUrl), { method: "POST", body: form });
    expect(multipart.status).toBe(200);
    expect(strip(await multipart.json())).toEqual(strip(page.body));
    const notPdf = await fetch(new URL("/verify", server!.baseUrl), { method: "POST", headers: { "Content-Type": "application/pdf" }, body: "hello" });
    expect(notPdf.status).toBe(422);
    expect(await notPdf.json()).toEqual({ error: "The file is not a PDF." });
    const html = await fetch(new URL("/verify", server!.baseUrl));
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toMatch(/text\/html/);
    expect(html.headers.get("content-security-policy")).toMatch(/nonce-/);
  });

  it("the report as a PDF: the verdict, the fingerprint, the signatures and the chain", async (ctx) => {
    skip(ctx);
    const res = await verify(files.signed, { accept: "application/pdf" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="verification-report-[0-9a-f]{12}\.pdf"/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "report-"));
    fs.writeFileSync(path.join(dir, "r.pdf"), res.bytes!);
    const { stdout } = await exec("pdftotext", ["-layout", path.join(dir, "r.pdf"), "-"]);
    fs.rmSync(dir, { recursive: true, force: true });
    const text = stdout.replace(/\s+/g, " ");
    expect(text).toContain("Verification report");
    expect(text).toContain(`Verified: “${doc.name}” was executed by this service and this file is unaltered.`);
    expect(text).toContain(sha256(files.signed));
    expect(text).toMatch(/Intact yes/);
    expect(text).toContain(doc.id);
    expect(text).toContain("F*** F***");
    expect(text).not.toContain("Fenna");
  });
});

describe("every executed page leads back to the proof", () => {
  it("the signed PDF's pages carry the document id and the verification address", async (ctx) => {
    skip(ctx);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "footer-"));
    fs.writeFileSync(path.join(dir, "s.pdf"), files.signed);
    const { stdout } = await exec("pdftotext", [path.join(dir, "s.pdf"), "-"]);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(stdout).toContain(`Document ${doc.id} - verify this copy at ${server!.baseUrl}/verify`);
  });

  it("the certificate prints the verification address and a QR code of it, and the audit chain head it was sealed with", async (ctx) => {
    skip(ctx);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qr-"));
    try {
      fs.writeFileSync(path.join(dir, "m.pdf"), files.merged);
      const address = `${server!.baseUrl}/verify?document=${doc.id}`;
      const { stdout } = await exec("pdftotext", [path.join(dir, "m.pdf"), "-"]);
      expect(stdout.replace(/\s+/g, " ")).toContain(`visit ${address} to check this document`);
      const report = (await verify(files.merged)).body;
      const head = report.document.audit_chain.sealed_head;
      expect(stdout.replace(/\s+/g, " ")).toContain(`entry ${head.seq}: ${head.hash}`);
      // Every page at 150 dpi; the QR code is on one of the certificate's pages.
      await exec("pdftoppm", ["-r", "150", "-png", path.join(dir, "m.pdf"), path.join(dir, "page")]);
      const { createCanvas, loadImage } = await import("@napi-rs/canvas");
      const jsQR = (await import("jsqr")).default;
      const found: string[] = [];
      for (const name of fs.readdirSync(dir).filter((f) => f.endsWith(".png")).sort()) {
        const image = await loadImage(fs.readFileSync(path.join(dir, name)));
        const canvas = createCanvas(image.width, image.height);
        const g = canvas.getContext("2d");
        g.drawImage(image, 0, 0);
        const data = g.getImageData(0, 0, image.width, image.height);
        const code = jsQR(new Uint8ClampedArray(data.data), image.width, image.height);
        if (code) found.push(code.data);
      }
      expect(found).toEqual([address]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("/verify?document=<id> says the document was executed and gives its files' fingerprints; an unknown id says so", async (ctx) => {
    skip(ctx);
    const page = await (await fetch(new URL(`/verify?document=${doc.id}`, server!.baseUrl))).text();
    expect(page).toContain("Executed by this service on");
    expect(page).toContain(sha256(files.signed));
    expect(page).toContain(sha256(files.merged));
    expect(page).not.toContain(doc.name);
    const unknown = await (await fetch(new URL(`/verify?document=no-such-document`, server!.baseUrl))).text();
    expect(unknown).toContain("No document of this service has the id no-such-document.");
  });
});

describe("the audit trail is a hash chain", () => {
  it("concurrent writers of one trail (parallel reminders) never fork it", { timeout: 180_000 }, async (ctx) => {
    skip(ctx);
    const sent = await call(`/public/v2/reusable_templates/${templateId}/send_document`, {
      body: { name: "Reminded", expires_in: 30, roles: SIGNERS.map((s, i) => ({ name: i ? "Second" : "First", signer_name: s.name, signer_email: s.email })) },
    });
    const d = sent.body.document;
    const answers = await Promise.all(d.recipients.flatMap((r: { remind_url: string }) => Array.from({ length: 6 }, () => api(r.remind_url, { token, method: "POST" }))));
    expect(answers.filter((a) => a.status === 200).length, answers.map((a) => `${a.status} ${a.text}`).join("\n")).toBeGreaterThan(0);
    const [rows] = await withServerStopped([{ text: "select seq, prev_hash, hash from audits where document_id = $1 order by seq", params: [d.id] }]);
    const list = rows!.rows as { seq: number; prev_hash: string | null; hash: string }[];
    expect(list.length).toBeGreaterThan(3);
    list.forEach((row, i) => {
      expect(row.seq).toBe(i + 1);
      expect(row.prev_hash).toBe(i ? list[i - 1]!.hash : null);
    });
  });

  it("an edited entry is reported with its position; put back, the file verifies again", { timeout: 180_000 }, async (ctx) => {
    skip(ctx);
    await withServerStopped([{ text: "update audits set payload = payload || ' (edited)' where document_id = $1 and seq = 2", params: [doc.id] }]);
    const broken = (await verify(files.signed)).body;
    expect(broken.verdict).toBe("audit_trail_altered");
    expect(broken.summary).toMatch(/^Not verified: this file is the one this service sealed for “Chained agreement”, but the stored audit trail was changed afterwards/);
    expect(broken.document.audit_chain.intact).toBe(false);
    expect(broken.document.audit_chain.problems).toContainEqual({ seq: 2, problem: "entry 2 was changed after it was recorded" });

    await withServerStopped([{ text: "update audits set payload = left(payload, length(payload) - 9) where document_id = $1 and seq = 2", params: [doc.id] }]);
    expect((await verify(files.signed)).body.verdict).toBe("verified");
  });

  it("a deleted entry, with the chain after it rewritten to look whole, no longer matches the head sealed into the PDF", { timeout: 180_000 }, async (ctx) => {
    skip(ctx);
    // What someone with write access to the database could do: remove entry 2, renumber and rehash everything after it.
    const [rows] = await withServerStopped([{ text: "select * from audits where document_id = $1 order by seq", params: [doc.id] }]);
    const entries = rows!.rows as any[];
    const kept = entries.filter((e) => e.seq !== 2);
    const statements: { text: string; params: unknown[] }[] = [{ text: "delete from audits where document_id = $1", params: [doc.id] }];
    let prev: string | null = null;
    kept.forEach((e, i) => {
      const content = {
        documentId: e.document_id, accountId: e.account_id, seq: i + 1, keyword: e.keyword, payload: e.payload,
        userId: e.user_id, recipientId: e.recipient_id, ipAddress: e.ip_address, userAgent: e.user_agent, createdAt: new Date(e.created_at),
      };
      const hash = auditEntryHash(prev, content);
      statements.push({
        text: "insert into audits (id, document_id, account_id, user_id, recipient_id, keyword, payload, ip_address, user_agent, created_at, seq, prev_hash, hash) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)",
        params: [e.id, e.document_id, e.account_id, e.user_id, e.recipient_id, e.keyword, e.payload, e.ip_address, e.user_agent, e.created_at, i + 1, prev, hash],
      });
      prev = hash;
    });
    await withServerStopped(statements);
    const r = (await verify(files.signed)).body;
    expect(r.verdict).toBe("audit_trail_altered");
    expect(r.document.audit_chain.sealed_head.matches).toBe(false);
    const sealed = r.document.audit_chain.sealed_head.seq;
    expect(r.document.audit_chain.problems).toEqual([{ seq: sealed, problem: `entry ${sealed} differs from the one sealed into the PDF` }]);
  });

  it("entries written without a chain (before migration 0008) are chained on the next start", { timeout: 180_000 }, async (ctx) => {
    skip(ctx);
    const fresh = await sendAndSign("Chained later");
    const signed = await download(fresh.signed_pdf_url);
    await withServerStopped([{ text: "update audits set seq = null, prev_hash = null, hash = null where document_id = $1", params: [fresh.id] }]);
    const r = (await verify(signed)).body;
    expect(r.verdict, JSON.stringify(r.document?.audit_chain)).toBe("verified");
    expect(r.document.audit_chain).toMatchObject({ intact: true, sealed_head: { matches: true } });
    // (The start-up's JSON log line, docs/operations.md.)
    expect(server!.logTail(200)).toMatch(/"chained":\d+.*"msg":"chained audit entries recorded before the audit chain existed"/);
  });
});

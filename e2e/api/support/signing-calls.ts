// Helpers of the signing and completion tests, shared by the API tests
// (vitest) and the UI tests (Playwright), so nothing here imports a test
// runner: failures are thrown as plain errors with the response in the text.
//
// Everything goes over plain HTTP to the running server: documents are sent
// from a fixture template with a real OAuth token, and a signer acts through
// the signer page's own calls (POST /sign/<signerId>/pin | submit | decline
// with the `access_token` of the recipient's sign_url, lib/api/signing.ts).
import crypto from "node:crypto";
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { encodePng } from "./png";
import { api, BASE_URL, fixtures, http, tokenFor, type HttpResult } from "../helpers";

export { BASE_URL, fixtures };

// ---------------------------------------------------------------- documents

/** The fixture template of alice: roles Client (sequence 0) and Manager (1, Morgan Manager), signer sequencing on. */
export const aliceTemplate = () => fixtures.templates.alice;

export async function aliceToken(): Promise<string> {
  return (await tokenFor("alice", "read write")).access_token;
}

function must(res: HttpResult, what: string, status = 200) {
  if (res.status !== status) throw new Error(`${what} answered ${res.status} (expected ${status}): ${res.text.slice(0, 800)}`);
  return res;
}

/** send_document on alice's template; answers the document. `roles` default: Client = Cleo Client. */
export async function sendFromTemplate(token: string, body: Record<string, unknown> = {}) {
  const res = await api(`/public/v2/reusable_templates/${aliceTemplate().id}/send_document`, {
    token,
    method: "POST",
    body: {
      name: `Signing test ${crypto.randomBytes(3).toString("hex")}`,
      roles: [{ name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example" }],
      expires_in: 30,
      ...body,
    },
  });
  return must(res, "send_document").body.document as Doc;
}

/** embed_document on alice's template; answers the document (with embed_codes). */
export async function embedFromTemplate(token: string, body: Record<string, unknown> = {}) {
  const res = await api(`/public/v2/reusable_templates/${aliceTemplate().id}/embed_document`, {
    token,
    method: "POST",
    body: {
      name: `Embedded signing test ${crypto.randomBytes(3).toString("hex")}`,
      roles: [
        { name: "Client", signer_name: "Eve Embedded" },
        { name: "Manager", signer_name: "Mia Manager" },
      ],
      api_embed_width: 800,
      api_embed_height: 640,
      expires_in: 30,
      ...body,
    },
  });
  return must(res, "embed_document").body.document as Doc;
}

export async function getDocument(token: string, id: string): Promise<Doc> {
  return must(await api(`/public/v2/documents/${id}`, { token }), `GET /public/v2/documents/${id}`).body.document as Doc;
}

export async function voidDocument(token: string, id: string) {
  return must(await api(`/public/v2/documents/${id}/void`, { token, method: "POST" }), `void ${id}`).body;
}

/** Polls the document until `ready` holds; answers the last read. */
export async function waitForDocument(token: string, id: string, ready: (doc: Doc) => boolean, what: string, timeoutMs = 90_000): Promise<Doc> {
  const deadline = Date.now() + timeoutMs;
  let doc: Doc | undefined;
  while (Date.now() < deadline) {
    doc = await getDocument(token, id);
    if (ready(doc)) return doc;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`document ${id}: ${what} did not happen within ${timeoutMs} ms; last read: ${JSON.stringify(doc).slice(0, 1500)}`);
}

export type Recipient = { id: string; role_name: string; name: string; email: string | null; status: string; sign_url: string; sequence: number };
export type Doc = {
  id: string;
  name: string;
  state: string;
  current_signer_id: string | null;
  executed_at: string | null;
  recipients: Recipient[];
  audits: { id: number; payload: string; metadata: { keyword: string }; created_at: string; ip_address: string | null }[];
  form_fields: { id: string; name: string; role: string; value: string; page: number }[];
  embed_codes: { embed_code: string; signer_email: string | null; signer_role_name: string }[] | null;
  original_file_url: string;
  signed_pdf_url: string | null;
  /** Extension: PAdES level of the sealed PDFs, null until they exist. */
  signature_level?: "B-B" | "B-T" | "B-LT" | "B-LTA" | null;
  /** Always URLs: the certificate so far before completion, the stored files after. */
  signature_certificate_url: string;
  merged_document_certificate_url: string;
  [k: string]: unknown;
};

export function recipient(doc: Doc, role: string): Recipient {
  const r = doc.recipients.find((x) => x.role_name === role);
  if (!r) throw new Error(`document ${doc.id} has no recipient with role ${role}: ${JSON.stringify(doc.recipients)}`);
  return r;
}

/** The field id of the form field called `name` (fields of the fixture template: client_signature, client_title, client_date, manager_signature). */
export function fieldId(doc: Doc, name: string): string {
  const f = doc.form_fields.find((x) => x.name === name);
  if (!f) throw new Error(`document ${doc.id} has no form field ${name}: ${JSON.stringify(doc.form_fields)}`);
  return f.id;
}

export const keywords = (doc: Doc) => doc.audits.map((a) => a.metadata.keyword);

// ---------------------------------------------------------------- the signer's calls

/** signerId and access_token of a sign_url (/sign/<signerId>?access_token=…). */
export function signLink(r: Pick<Recipient, "sign_url">) {
  const url = new URL(r.sign_url);
  const m = /^\/sign\/([^/]+)$/.exec(url.pathname);
  if (!m) throw new Error(`sign_url is not /sign/<signerId>: ${r.sign_url}`);
  return { signerId: decodeURIComponent(m[1]!), accessToken: url.searchParams.get("access_token") ?? "", url };
}

export type SignerOpts = { cookie?: string; userAgent?: string };

/** POST /sign/<signerId>/<action> with a JSON body, as the signer page does. */
export function signerCall(signerId: string, action: "pin" | "submit" | "decline", body: unknown, opts: SignerOpts = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.userAgent) headers["User-Agent"] = opts.userAgent;
  return http(`/sign/${encodeURIComponent(signerId)}/${action}`, { method: "POST", headers, body: JSON.stringify(body) });
}

/** Submits `values` (field id → value) for a recipient through their own link. */
export function submitAs(r: Recipient, values: Record<string, string>, opts: SignerOpts = {}) {
  const { signerId, accessToken } = signLink(r);
  return signerCall(signerId, "submit", { access_token: accessToken, values }, opts);
}

export function declineAs(r: Recipient, reason: string, opts: SignerOpts = {}) {
  const { signerId, accessToken } = signLink(r);
  return signerCall(signerId, "decline", { access_token: accessToken, reason }, opts);
}

/** The PIN call; answers the response and the `name=value` of the cookie it sets, if any. */
export async function pinAs(r: Recipient, pin: string, opts: SignerOpts = {}) {
  const { signerId, accessToken } = signLink(r);
  const res = await signerCall(signerId, "pin", { access_token: accessToken, pin }, opts);
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`pin_${signerId}=`));
  return { res, cookie: set ? set.split(";")[0]! : undefined, setCookie: set };
}

/** GET of the signer page (what opening the link does: the first open records `viewed`). */
export function openSignPage(r: Recipient, opts: SignerOpts = {}) {
  const headers: Record<string, string> = { Accept: "text/html" };
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.userAgent) headers["User-Agent"] = opts.userAgent;
  return http(r.sign_url, { headers });
}

/** Values that complete the Client's part of the fixture template. */
export function clientValues(doc: Doc, extra: { title?: string; date?: string } = {}) {
  return {
    [fieldId(doc, "client_signature")]: signaturePng("client"),
    [fieldId(doc, "client_title")]: extra.title ?? "Head of Testing",
    [fieldId(doc, "client_date")]: extra.date ?? "2026-03-14",
  };
}

export const managerValues = (doc: Doc) => ({ [fieldId(doc, "manager_signature")]: signaturePng("manager") });

// ---------------------------------------------------------------- images

/**
 * A real PNG (grey-scale with alpha) of a slanted stroke, as a data URL like the signer page sends.
 * `shaded`: the background is not transparent but a faint, uneven wash (alpha 0-96), like pen
 * pressure or a scanned paper, so the stored re-encode uses the Paeth row filter too (measured: sub, up, Paeth).
 */
export function signaturePng(seed = "sig", width = 240, height = 60, shaded = false): string {
  const offset = seed.length % 7;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 2, 0);
    for (let x = 0; x < width; x++) {
      const onStroke = Math.abs(((x + offset * 5) % 60) - y) < 3 || Math.abs(y - height / 2 - Math.sin(x / 9) * 12) < 2;
      if (onStroke) {
        row[1 + x * 2] = 20;
        row[2 + x * 2] = 255;
      } else if (shaded) {
        row[1 + x * 2] = 20;
        row[2 + x * 2] = Math.round(48 + 48 * Math.sin(x / 7 + y / 5) * Math.cos(y / 11 - x / 13));
      }
    }
    rows.push(row);
  }
  const png = encodePng(width, height, 4, rows); // grey + alpha
  return `data:image/png;base64,${png.toString("base64")}`;
}

// ---------------------------------------------------------------- files

/** Downloads a time-limited file address; answers the bytes. */
export async function download(url: string, what: string): Promise<Uint8Array> {
  const res = await fetch(url);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`download of ${what} (${url}) answered ${res.status}: ${Buffer.from(bytes).toString("utf8", 0, 300)}`);
  return bytes;
}

export const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/** The text of a PDF, by poppler's `pdftotext` (one text line per line, layout kept). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdftext-"));
  try {
    const file = path.join(dir, "in.pdf");
    await fs.writeFile(file, bytes);
    return await new Promise<string>((resolve, reject) => {
      execFile("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8", maxBuffer: 32 * 1024 * 1024 }, (err, stdout, stderr) => {
        if (err) reject(new Error(`pdftotext failed: ${err.message} ${stderr}`));
        else resolve(stdout);
      });
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Text with every run of white space removed, to find values that a layout may wrap. */
export const squeeze = (s: string) => s.replace(/\s+/g, "");

/** POST /verify/check with raw bytes. */
export function verifyCheck(bytes: Uint8Array) {
  return http("/verify/check", { method: "POST", headers: { "Content-Type": "application/pdf" }, body: bytes as Uint8Array<ArrayBuffer> });
}

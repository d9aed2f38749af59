// Shared assertions of the resource-API tests (documents, templates, archived,
// files): exact error bodies, the 422 bad-input convention, and the shapes of
// spec 2.1–2.3 resources. Only plain HTTP results are inspected.
import crypto from "node:crypto";
import { expect } from "vitest";
import { api, BASE_URL, fixtures, tokenFor, type HttpResult } from "../helpers";

export const VERSIONS = ["v1", "v2"] as const;
export type Version = (typeof VERSIONS)[number];

/** A well-formed id that no record has (ids are UUIDs). */
export const unknownId = () => crypto.randomUUID();

/** The form of the ids the service issues (spec clients validate it): 8-4-4-4-12 lower-case hex. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Status and the exact `{ "error": message }` body, compared together so a failure shows both. */
export function expectError(res: HttpResult, status: number, message: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: { error: message } });
  expect(res.headers.get("content-type") ?? "").toMatch(/application\/json/);
}

/** 422 whose message is the spec's "Bad input parameter." followed by text naming `param`. */
export function expectBadInput(res: HttpResult, param: string) {
  expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { error: expect.any(String) } });
  const message: string = res.body.error;
  expect(message.startsWith("Bad input parameter.")).toBe(true);
  expect(message).toContain(param);
}

/** ISO 8601 timestamp (any offset form) that parses. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;
/** The spec's convention: a numeric UTC offset. */
export const ISO_TIMESTAMP_NUMERIC_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:?\d{2}$/;

export function expectTimestamp(value: unknown, what: string) {
  expect(typeof value, `${what} should be a timestamp string, got ${JSON.stringify(value)}`).toBe("string");
  expect(value as string, what).toMatch(ISO_TIMESTAMP);
  expect(Number.isNaN(Date.parse(value as string)), `${what} parses`).toBe(false);
}

/** An absolute http(s) URL on the service. */
export function expectServiceUrl(value: unknown, what: string): URL {
  expect(typeof value, `${what} should be a URL string, got ${JSON.stringify(value)}`).toBe("string");
  const url = new URL(value as string);
  expect(url.protocol, what).toMatch(/^https?:$/);
  expect(url.host, `${what} points at the service`).toBe(new URL(BASE_URL).host);
  return url;
}

/**
 * A certificate address (spec 2.1: always a URL): the stored file's address
 * once the document is completed, before that the signed, expiring address of
 * the certificate as it stands (/certificates/<id>/<kind>?expires&signature).
 */
export function expectCertificateUrl(value: unknown, what: string): URL {
  const url = expectServiceUrl(value, what);
  expect(url.pathname, what).toMatch(/^\/(files|certificates)\/.+/);
  expect(url.searchParams.get("expires"), `${what} expires`).toMatch(/^\d+$/);
  expect(url.searchParams.get("signature"), `${what} signature`).toMatch(/^\S{16,}$/);
  return url;
}

/** A time-limited file address: /files/<key>?expires=<unix>&signature=<hmac>. */
export function expectSignedFileUrl(value: unknown, what: string): URL {
  const url = expectServiceUrl(value, what);
  expect(url.pathname, what).toMatch(/^\/files\/.+/);
  expect(url.searchParams.get("expires"), `${what} expires`).toMatch(/^\d+$/);
  expect(url.searchParams.get("signature"), `${what} signature`).toMatch(/^\S{16,}$/);
  return url;
}

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/** Each key of `spec` is present with one of the listed JSON types. */
export function expectFieldTypes(obj: Record<string, unknown>, spec: Record<string, string[]>, what: string) {
  const problems: string[] = [];
  for (const [key, types] of Object.entries(spec)) {
    if (!(key in obj)) problems.push(`${key}: missing`);
    else if (!types.includes(typeOf(obj[key]))) problems.push(`${key}: ${typeOf(obj[key])} (${JSON.stringify(obj[key])}), expected ${types.join("|")}`);
  }
  expect(problems, `${what} fields`).toEqual([]);
}

// ---------------------------------------------------------------- spec 2.1 / 2.2

export const DOCUMENT_FIELDS: Record<string, string[]> = {
  id: ["string"],
  current_signer_id: ["string", "null"],
  name: ["string"],
  filename: ["string"],
  executed_at: ["string", "null"],
  expired_at: ["string"],
  sent_at: ["string", "null"],
  state: ["string"],
  thumbnail_url: ["string"],
  sender: ["object"],
  recipients: ["array"],
  audits: ["array"],
  page_image_urls: ["array"],
  signed_pdf_url: ["string", "null"],
  tags: ["object"],
  merge_field_values: ["array"],
  embed_codes: ["null", "array"],
  in_person: ["boolean"],
  shared_with: ["array"],
  identity_method: ["string"],
  passcode_pin_enabled: ["boolean"],
  original_file_url: ["string"],
};

/** Present on single-document retrieval (spec 2.1); the certificate addresses are "string (URL)" in every state. */
export const SINGLE_DOCUMENT_FIELDS: Record<string, string[]> = {
  kba: ["boolean"],
  form_fields: ["array"],
  signature_certificate_url: ["string"],
  merged_document_certificate_url: ["string"],
};

export const RECIPIENT_FIELDS: Record<string, string[]> = {
  role_name: ["string"],
  name: ["string"],
  email: ["string", "null"],
  status: ["string"],
  id: ["string"],
  sign_url: ["string"],
  remind_url: ["string"],
  message: ["string"],
  sequence: ["number"],
};

const DOCUMENT_STATES = ["draft", "pending", "executed", "voided", "expired", "declined", "editing"];

/** Spec 2.1/2.2 shape of a document, as listed (`single` false) or retrieved alone. */
export function expectDocumentShape(doc: any, version: Version, single: boolean) {
  expectFieldTypes(doc, DOCUMENT_FIELDS, `document ${doc?.id}`);
  if (single) expectFieldTypes(doc, SINGLE_DOCUMENT_FIELDS, `single document ${doc.id}`);
  expect(doc.id).toMatch(/^\S+$/);
  expect(DOCUMENT_STATES).toContain(doc.state);
  expectTimestamp(doc.expired_at, "expired_at");
  if (doc.sent_at !== null) expectTimestamp(doc.sent_at, "sent_at");
  if (doc.executed_at !== null) expectTimestamp(doc.executed_at, "executed_at");
  expectFieldTypes(doc.sender, { id: ["string"], name: ["string"], email: ["string"], signer: ["boolean"] }, "sender");
  expect(["email", "none"]).toContain(doc.identity_method);
  expectSignedFileUrl(doc.thumbnail_url, "thumbnail_url");
  expectSignedFileUrl(doc.original_file_url, "original_file_url");
  for (const [i, u] of doc.page_image_urls.entries()) expectSignedFileUrl(u, `page_image_urls[${i}]`);
  if (doc.signed_pdf_url !== null) expectSignedFileUrl(doc.signed_pdf_url, "signed_pdf_url");
  for (const [k, v] of Object.entries(doc.tags)) expect(v === null || typeof v === "string", `tag ${k}`).toBe(true);
  for (const e of doc.shared_with) expect(e).toMatch(/^[^\s@A-Z]+@[^\s@A-Z]+$/);
  if (doc.embed_codes) {
    for (const c of doc.embed_codes) {
      expectFieldTypes(c, { embed_code: ["string"], signer_email: ["string", "null"], signer_role_name: ["string"] }, "embed_code");
      expect(c.embed_code).toMatch(/<iframe\b/);
    }
  }
  for (const a of doc.audits) {
    expectFieldTypes(
      a,
      {
        id: ["number"],
        payload: ["string"],
        user_id: ["string", "null"],
        metadata: ["object"],
        account_id: ["string"],
        created_at: ["string"],
        ip_address: ["string", "null"],
        document_id: ["string"],
      },
      "audit",
    );
    expect(typeof a.metadata.keyword).toBe("string");
    expect(a.document_id).toBe(doc.id);
    expectTimestamp(a.created_at, "audit created_at");
  }
  for (const r of doc.recipients) expectRecipientShape(r, version);
  if (doc.recipients.length > 0) {
    expect(Math.min(...doc.recipients.map((r: any) => r.sequence))).toBe(0);
  }
  if (single) {
    for (const f of doc.form_fields) {
      expectFieldTypes(f, { id: ["string"], name: ["string"], role: ["string"], value: ["string"], page: ["number"] }, "form_field");
      expect(Number.isInteger(f.page) && f.page >= 1).toBe(true);
    }
    expectCertificateUrl(doc.signature_certificate_url, "signature_certificate_url");
    expectCertificateUrl(doc.merged_document_certificate_url, "merged_document_certificate_url");
  }
}

export function expectRecipientShape(r: any, version: Version) {
  expectFieldTypes(r, RECIPIENT_FIELDS, `recipient ${r?.id}`);
  expect(Number.isInteger(r.sequence) && r.sequence >= 0).toBe(true);
  const sign = expectServiceUrl(r.sign_url, "sign_url");
  expect(sign.searchParams.get("access_token") ?? "", "sign_url carries access_token").toMatch(/^\S{16,}$/);
  const remind = expectServiceUrl(r.remind_url, "remind_url");
  expect(remind.pathname).toBe(`/public/${version}/signers/${r.id}/reminders`);
}

// ---------------------------------------------------------------- spec 2.3

export const TEMPLATE_FIELDS: Record<string, string[]> = {
  id: ["string"],
  name: ["string"],
  filename: ["string"],
  user_id: ["string"],
  creator: ["object"],
  expires_in: ["number"],
  signer_sequencing: ["boolean"],
  shared_with: ["array"],
  distribution_method: ["string"],
  identity_method: ["string"],
  kba: ["boolean"],
  passcode: ["boolean"],
  tags: ["object"],
  roles: ["array"],
  merge_field_components: ["array"],
  created_at: ["string"],
  updated_at: ["string"],
  thumbnail_url: ["string"],
  page_image_urls: ["array"],
};

export function expectTemplateShape(t: any) {
  expectFieldTypes(t, TEMPLATE_FIELDS, `template ${t?.id}`);
  expectFieldTypes(t.creator, { name: ["string"], email: ["string"] }, "creator");
  expect(Number.isInteger(t.expires_in)).toBe(true);
  expectTimestamp(t.created_at, "created_at");
  expectTimestamp(t.updated_at, "updated_at");
  for (const r of t.roles) {
    expectFieldTypes(r, { name: ["string"], sequence: ["number"], message: ["string"], signer_name: ["string"], signer_email: ["string"] }, "role");
    expect(Number.isInteger(r.sequence)).toBe(true);
  }
  expectSignedFileUrl(t.thumbnail_url, "thumbnail_url");
  for (const [i, u] of t.page_image_urls.entries()) expectSignedFileUrl(u, `page_image_urls[${i}]`);
}

// ---------------------------------------------------------------- tokens

export type Tokens = { alice: string; aliceRead: string; bob: string; carol: string; erin: string };

/**
 * Tokens obtained through the real OAuth flow (sign-in, consent, code
 * exchange), one after another; only the users a file needs.
 */
export async function obtainTokens(which: (keyof Tokens)[] = ["alice", "aliceRead", "bob", "carol", "erin"]): Promise<Tokens> {
  const out: Partial<Tokens> = {};
  for (const key of which) {
    out[key] = key === "aliceRead" ? (await tokenFor("alice", "read")).access_token : (await tokenFor(key, "read write")).access_token;
  }
  return new Proxy(out as Tokens, {
    get(target, prop) {
      const known = ["alice", "aliceRead", "bob", "carol", "erin"];
      if (typeof prop === "string" && known.includes(prop) && !(prop in target)) {
        throw new Error(`no token for ${prop}: add it to obtainTokens([...]) in this file`);
      }
      return Reflect.get(target, prop);
    },
  });
}

/** Every document a token can list (one page of 100; asserts there is only one page). */
export async function listAll(version: Version, token: string, query: Record<string, string | number | undefined> = {}) {
  const res = await api(`/public/${version}/documents`, { token, query: { per_page: 100, ...query } });
  expect(res.status, res.text).toBe(200);
  expect(res.body.meta.total_pages).toBe(1);
  return res.body.documents as any[];
}

export const ids = (docs: { id: string }[]) => docs.map((d) => d.id);
export const sorted = <T>(a: T[]) => [...a].sort();

export { fixtures };

/** A signer call's refusal: `{ error }` (and `field` when given), nothing else. */
export function expectSigningError(res: HttpResult, status: number, message: RegExp, field?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("content-type") ?? "").toMatch(/application\/json/);
  expect(Object.keys(res.body).sort()).toEqual(field ? ["error", "field"] : ["error"]);
  expect(res.body.error).toMatch(message);
  if (field) expect(res.body.field).toBe(field);
}

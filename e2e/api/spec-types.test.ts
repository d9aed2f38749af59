// Issue 11 point 6: the spec's types hold on every answer. The certificate
// addresses are URLs before completion too (the certificate as it stands,
// marked not yet completed) and lead to the final files after it; unknown
// paths and wrong methods under /public and /oauth answer JSON (never an empty
// or HTML page), every route under app/(api) answers a method it does not
// have with a JSON 405 and Allow; a trailing slash answers like the path
// without it (no redirect a POST would not survive). sec sends.
import crypto from "node:crypto";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { api, fixtures, http, tokenFor } from "./helpers";
import { expectDocumentShape, expectError, expectServiceUrl } from "./support/checks";
import { download, fieldId, pdfText, signaturePng, submitAs, waitForDocument, type Doc } from "./support/signing-calls";
import { routeEndpoints, type RouteEndpoint } from "../security/support/route-files";

const template = (fixtures.templates as unknown as Record<string, { id: string }>).sec!;
let token: string;

beforeAll(async () => {
  token = (await tokenFor("sec" as "alice")).access_token;
});

async function send(name: string): Promise<Doc> {
  const res = await api(`/public/v2/reusable_templates/${template.id}/send_document`, {
    token,
    method: "POST",
    body: { name: `${name} ${crypto.randomBytes(3).toString("hex")}`, roles: [{ name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example" }], expires_in: 30 },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.document;
}

const getDoc = async (id: string, version = "v2") => (await api(`/public/${version}/documents/${id}`, { token })).body.document as Doc;
const oneLine = (s: string) => s.replace(/\s+/g, " ");

// ---------------------------------------------------------------- certificate addresses

describe("certificate addresses", () => {
  let doc: Doc;
  let pending: Doc;
  beforeAll(async () => {
    doc = await send("Certificate so far");
    pending = await getDoc(doc.id);
  });

  it("are URLs on a pending document, in both versions, and the document keeps its spec shape", async () => {
    for (const v of ["v1", "v2"] as const) {
      const d = await getDoc(doc.id, v);
      expectDocumentShape(d, v, true);
      expect(d.signed_pdf_url).toBeNull();
      for (const key of ["signature_certificate_url", "merged_document_certificate_url"] as const) {
        const url = expectServiceUrl(d[key], key);
        expect(url.searchParams.get("expires"), key).toMatch(/^\d+$/);
        expect(url.searchParams.get("signature"), key).toMatch(/^\S{16,}$/);
      }
    }
  });

  it("signature_certificate_url answers the certificate so far: a PDF saying not yet completed, with the events so far", async () => {
    const res = await fetch(pending.signature_certificate_url!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = oneLine(await pdfText(new Uint8Array(await res.arrayBuffer())));
    expect(text).toMatch(/not yet completed/i);
    expect(text).toContain(doc.name);
    expect(text).toContain("Cleo Client");
    expect(text).toMatch(/0 of 2 signers signed/);
    expect(text).toMatch(/not produced yet/);
  });

  it("merged_document_certificate_url answers the document followed by the certificate so far", async () => {
    const text = oneLine(await pdfText(await download(pending.merged_document_certificate_url!, "merged so far")));
    expect(text).toContain("Acme contract"); // the fixture template's PDF
    expect(text).toMatch(/not yet completed/i);
  });

  it("a changed address is refused with a JSON 403", async () => {
    const url = new URL(pending.signature_certificate_url!);
    url.pathname = url.pathname.replace(/signature$/, "merged");
    const res = await http(url.toString());
    expectError(res, 403, "Invalid or expired file signature.");
  });

  it("after completion they answer the final certificate, and so does an address handed out before", { timeout: 120_000 }, async () => {
    const client = doc.recipients.find((r) => r.role_name === "Client")!;
    const manager = doc.recipients.find((r) => r.role_name === "Manager")!;
    for (const [who, values] of [
      [client, { [fieldId(doc, "client_signature")]: signaturePng("client") }],
      [manager, { [fieldId(doc, "manager_signature")]: signaturePng("manager") }],
    ] as const) {
      const res = await submitAs(who, values);
      expect(res.status, res.text).toBe(200);
    }
    const done = await waitForDocument(token, doc.id, (d) => !!d.signed_pdf_url, "signed files produced", 90_000);
    for (const key of ["signature_certificate_url", "merged_document_certificate_url"] as const) {
      expect(new URL(done[key]!).pathname, key).toMatch(/^\/files\//);
    }
    const final = await download(done.signature_certificate_url!, "final certificate");
    const text = oneLine(await pdfText(final));
    expect(text).not.toMatch(/not yet completed/i);
    expect(text).toMatch(/Signature certificate/);
    // The address from before completion now leads to the very same file.
    expect(Buffer.from(await download(pending.signature_certificate_url!, "certificate by the old address")).equals(Buffer.from(final))).toBe(true);
    const merged = await download(done.merged_document_certificate_url!, "final merged");
    expect(Buffer.from(await download(pending.merged_document_certificate_url!, "merged by the old address")).equals(Buffer.from(merged))).toBe(true);
  });
});

// ---------------------------------------------------------------- JSON for unknown paths and wrong methods

const isJson = (res: { headers: Headers }) => expect(res.headers.get("content-type") ?? "").toMatch(/^application\/json/);

describe("unknown paths answer JSON 404s", () => {
  it.each([
    ["GET", "/public/v1/nope"],
    ["POST", "/public/v2/nope/deeper"],
    ["GET", "/public"],
    ["GET", "/public/v2"],
    ["DELETE", "/public/v1"],
    ["GET", "/public/v2/documents/x/nope"],
  ])("%s %s → 404 {error: Not found.}", async (method, p) => {
    expectError(await api(p, { token, method }), 404, "Not found.");
  });

  it.each([
    ["GET", "/oauth"],
    ["GET", "/oauth/nope"],
    ["POST", "/oauth/token/extra"],
    ["PUT", "/oauth/authorize/x/y"],
  ])("%s %s → 404 in the OAuth error shape", async (method, p) => {
    const res = await http(p, { method });
    expect(res.status, res.text).toBe(404);
    isJson(res);
    expect(res.body).toEqual({ error: "invalid_request", error_description: expect.stringContaining(p) });
  });
});

describe("wrong methods answer JSON 405s with Allow", () => {
  it.each([
    ["DELETE", "/public/v2/documents", "GET, HEAD, OPTIONS"],
    ["POST", "/public/v1/me", "GET, HEAD, OPTIONS"],
    ["GET", `/public/v1/reusable_templates/${crypto.randomUUID()}/send_document`, "POST, OPTIONS"],
    ["PATCH", `/public/v2/documents/${crypto.randomUUID()}/update_pin`, "PUT, OPTIONS"],
    ["PUT", `/public/v2/reusable_templates/${crypto.randomUUID()}/tags`, "GET, HEAD, POST, PATCH, DELETE, OPTIONS"],
  ])("%s %s → 405, Allow: %s", async (method, p, allowed) => {
    const res = await api(p, { token, method });
    expect(res.status, res.text).toBe(405);
    isJson(res);
    expect(res.body).toEqual({ error: expect.stringMatching(/^Method not allowed\. /) });
    expect(res.headers.get("allow")).toBe(allowed);
  });

  it.each([
    ["GET", "/oauth/token"],
    ["DELETE", "/oauth/revoke"],
    ["PUT", "/oauth/authorize"],
  ])("%s %s → 405 in the OAuth error shape", async (method, p) => {
    const res = await http(p, { method });
    expect(res.status, res.text).toBe(405);
    isJson(res);
    expect(res.body).toEqual({ error: "invalid_request", error_description: expect.stringMatching(/^Method not allowed\. /) });
    expect(res.headers.get("allow")).toMatch(/POST/);
  });

  it("OPTIONS lists the same methods as Allow", async () => {
    const res = await http("/public/v2/documents", { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("every route under app/(api) answers each method it does not have so", { timeout: 120_000 }, async () => {
    const endpoints = routeEndpoints(path.resolve("app/(api)"));
    const byTemplate = new Map<string, Set<RouteEndpoint["method"]>>();
    for (const e of endpoints) byTemplate.set(e.template, (byTemplate.get(e.template) ?? new Set()).add(e.method));
    const problems: string[] = [];
    let checked = 0;
    for (const [template, methods] of byTemplate) {
      const concrete = template.replace("[version]", "v2").replace(/\[[^\]]+\]/g, "x");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
        if (methods.has(method)) continue;
        const res = await http(concrete, { method });
        checked++;
        const json = (res.headers.get("content-type") ?? "").startsWith("application/json");
        const allow = res.headers.get("allow") ?? "";
        const ok = res.status === 405 && json && typeof res.body?.error === "string" && [...methods].every((m) => allow.includes(m));
        if (!ok) problems.push(`${method} ${concrete}: ${res.status} ${res.headers.get("content-type")} allow=${allow} ${res.text.slice(0, 120)}`);
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------- trailing slashes

describe("a trailing slash answers like the path without it", () => {
  it("GET /public/v2/documents/ lists like /public/v2/documents", async () => {
    const [plain, slash] = await Promise.all([api("/public/v2/documents", { token }), api("/public/v2/documents/", { token })]);
    expect(slash.status, slash.text.slice(0, 300)).toBe(200);
    expect(slash.body.meta).toEqual(plain.body.meta);
    expect(slash.body.documents.map((d: Doc) => d.id)).toEqual(plain.body.documents.map((d: Doc) => d.id));
  });

  it("POST /public/v2/reusable_templates/:id/send_document/ sends (no redirect)", async () => {
    const res = await api(`/public/v2/reusable_templates/${template.id}/send_document/`, {
      token,
      method: "POST",
      body: { name: "Trailing slash send", roles: [{ name: "Client", signer_name: "Sol Slash", signer_email: "sol@slash.example" }], expires_in: 30 },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.body.document.name).toBe("Trailing slash send");
  });

  it("pages still redirect to the address without the slash", async () => {
    const res = await http("/documents/?search=x");
    expect(res.status).toBe(308);
    expect(res.headers.get("location")).toMatch(/^\/documents\?search=x$|\/documents\?search=x$/);
  });

  it("unknown paths and OAuth endpoints too", async () => {
    expectError(await api("/public/v2/nope/", { token }), 404, "Not found.");
    const res = await http("/oauth/token/", { method: "POST" });
    expect(res.status).not.toBe(308);
    isJson(res);
  });
});

// Issue 10 point 2: a signing link is its signer's secret. Only the
// document's sender (through any of the sender's own tokens) obtains a
// working sign_url or embed code; a copied party from another account and a
// teammate it is shared with see the document with bare links that open
// nothing, and the outbox never shows a signing link to anyone but its
// recipient, nor one user's mail to another.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, dashboardTokenFor, fixtures, tokenFor } from "../api/helpers";
import { fieldId, openSignPage, signaturePng, submitAs, type Doc } from "../api/support/signing-calls";

// sec sends; secOutsider (another account) and secMate (sec's teammate) are copied.
const users = fixtures.users as unknown as Record<"sec" | "secMate" | "secOutsider", { email: string }>;
let sender: string; // the sender's token through its own (third-party) application
let outsider: string; // another account, copied on the document
let teammate: string; // the sender's teammate, copied on the document
let doc: Doc;
let embedded: Doc;

const templateId = () => (fixtures.templates as unknown as Record<string, { id: string }>).sec!.id;

async function fromTemplate(kind: "send_document" | "embed_document", name: string): Promise<Doc> {
  const res = await api(`/public/v2/reusable_templates/${templateId()}/${kind}`, {
    token: sender,
    method: "POST",
    body: {
      name: `${name} ${crypto.randomBytes(3).toString("hex")}`,
      roles: [{ name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example" }],
      expires_in: 30,
      ...(kind === "embed_document" ? { api_embed_width: 800, api_embed_height: 640 } : {}),
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.document;
}

const clientValues = (d: Doc) => ({ [fieldId(d, "client_signature")]: signaturePng("client") });

const share = (token: string, id: string, emails: string[]) =>
  api(`/public/v2/documents/${id}/share`, { token, method: "POST", body: { shared_with: emails } });

const tokenOf = (signUrl: string) => new URL(signUrl).searchParams.get("access_token");

beforeAll(async () => {
  sender = (await tokenFor("sec" as "alice")).access_token;
  outsider = (await tokenFor("secOutsider" as "alice")).access_token;
  teammate = (await tokenFor("secMate" as "alice")).access_token;
  doc = await fromTemplate("send_document", "Signing-link secrecy");
  embedded = await fromTemplate("embed_document", "Embedded signing-link secrecy");
  for (const d of [doc, embedded]) {
    const res = await share(sender, d.id, [users.secOutsider.email, users.secMate.email]);
    expect(res.status, res.text).toBe(200);
  }
});

describe("the sender", () => {
  it("gets working sign_urls (with the access_token) and embed codes through its own API token", async () => {
    const res = await api(`/public/v2/documents/${doc.id}`, { token: sender });
    expect(res.status).toBe(200);
    for (const r of res.body.document.recipients) expect(tokenOf(r.sign_url), r.role_name).toMatch(/\S{20,}/);
    const page = await openSignPage(res.body.document.recipients[0]);
    expect(page.status).toBe(200);
    const emb = (await api(`/public/v2/documents/${embedded.id}`, { token: sender })).body.document;
    for (const code of emb.embed_codes) expect(code.embed_code).toMatch(/access_token=/);
  });
});

for (const who of ["an outsider (another account, copied)", "a teammate (copied)"] as const) {
  describe(who, () => {
    const token = () => (who.startsWith("an outsider") ? outsider : teammate);

    it("sees the document but no working signing link: single retrieval, list and embed codes", async () => {
      const one = await api(`/public/v2/documents/${doc.id}`, { token: token() });
      expect(one.status, one.text).toBe(200);
      const listed = await api("/public/v2/documents", { token: token(), query: { per_page: 100 } });
      const inList = (listed.body.documents as Doc[]).find((d) => d.id === doc.id);
      expect(inList, "the shared document is listed").toBeTruthy();
      for (const seen of [one.body.document as Doc, inList!]) {
        for (const r of seen.recipients) {
          expect(r.sign_url, "still the signer page's address").toMatch(new RegExp(`/sign/${r.id}$`));
          expect(tokenOf(r.sign_url)).toBeNull();
          expect(one.text).not.toContain(tokenOf(doc.recipients.find((x) => x.id === r.id)!.sign_url)!);
        }
      }
      const emb = await api(`/public/v1/documents/${embedded.id}`, { token: token() });
      expect(emb.status).toBe(200);
      expect(emb.body.document.embed_codes.length).toBeGreaterThan(0);
      for (const code of emb.body.document.embed_codes) expect(code.embed_code).not.toMatch(/access_token=/);
    });

    it("cannot open or use the link it was given", async () => {
      const seen = (await api(`/public/v2/documents/${doc.id}`, { token: token() })).body.document as Doc;
      const client = seen.recipients.find((r) => r.role_name === "Client")!;
      const views = async () => ((await api(`/public/v2/documents/${doc.id}`, { token: sender })).body.document as Doc).audits.filter((a) => a.metadata.keyword === "viewed").length;
      const viewsBefore = await views();
      const page = await openSignPage(client);
      // The not-found page (issue 13 point 1): a 404, not the signer page.
      expect(page.status).toBe(404);
      expect(page.text).toContain("This link does not work");
      expect(page.text).not.toContain("Signing-link secrecy");
      const res = await submitAs(client, clientValues(seen));
      expect(res.status).toBeGreaterThanOrEqual(400);
      const after = (await api(`/public/v2/documents/${doc.id}`, { token: sender })).body.document as Doc;
      expect(after.recipients.find((r) => r.role_name === "Client")!.status).toBe("pending");
      expect(await views(), "opening the bare link records no view").toBe(viewsBefore);
    });

    it("does not see the sender's e-mails in its outbox", async () => {
      const dash = (await dashboardTokenFor(who.startsWith("an outsider") ? "secOutsider" : "secMate")).access_token;
      const res = await api("/ext/outbox", { token: dash, query: { per_page: 100 } });
      expect(res.status, res.text).toBe(200);
      expect((res.body.emails as { document_id: string }[]).filter((e) => e.document_id === doc.id)).toEqual([]);
    });
  });
}

describe("the outbox", () => {
  it("shows the sender its own mail with the signing link's credential removed", async () => {
    const dash = (await dashboardTokenFor("sec")).access_token;
    const res = await api("/ext/outbox", { token: dash, query: { per_page: 100 } });
    expect(res.status, res.text).toBe(200);
    const mails = (res.body.emails as { document_id: string; kind: string; text: string; to: string }[]).filter((e) => e.document_id === doc.id);
    const request = mails.find((m) => m.kind === "signing_request" && m.to === "cleo@client.example");
    expect(request, JSON.stringify(mails)).toBeTruthy();
    const client = doc.recipients.find((r) => r.role_name === "Client")!;
    expect(request!.text).toContain(`/sign/${client.id}`);
    expect(request!.text).not.toContain(tokenOf(client.sign_url)!);
    expect(request!.text).not.toMatch(/access_token=/);
  });
});

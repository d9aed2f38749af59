// Issue 10 point 2: a signing link is its signer's secret. Only the
// document's sender (through any of the sender's own tokens) obtains a
// working sign_url or embed code; a copied party from another account and a
// teammate it is shared with see the document with bare links that open
// nothing, and the outbox never shows a signing link to anyone but its
// recipient, nor one user's mail to another.
import { beforeAll, describe, expect, it } from "vitest";
import { api, dashboardTokenFor, fixtures, tokenFor } from "../api/helpers";
import { embedFromTemplate, openSignPage, sendFromTemplate, submitAs, clientValues, type Doc } from "../api/support/signing-calls";

let alice: string; // alice's token through her own (third-party) application: the sender's own token
let bob: string; // another account, copied on the document
let carol: string; // alice's teammate, copied on the document
let doc: Doc;
let embedded: Doc;

const share = (token: string, id: string, emails: string[]) =>
  api(`/public/v2/documents/${id}/share`, { token, method: "POST", body: { shared_with: emails } });

const tokenOf = (signUrl: string) => new URL(signUrl).searchParams.get("access_token");

beforeAll(async () => {
  alice = (await tokenFor("alice")).access_token;
  bob = (await tokenFor("bob")).access_token;
  carol = (await tokenFor("carol")).access_token;
  doc = await sendFromTemplate(alice, { name: "Signing-link secrecy" });
  embedded = await embedFromTemplate(alice, { name: "Embedded signing-link secrecy" });
  for (const d of [doc, embedded]) {
    const res = await share(alice, d.id, [fixtures.users.bob.email, fixtures.users.carol.email]);
    expect(res.status, res.text).toBe(200);
  }
});

describe("the sender", () => {
  it("gets working sign_urls (with the access_token) and embed codes through its own API token", async () => {
    const res = await api(`/public/v2/documents/${doc.id}`, { token: alice });
    expect(res.status).toBe(200);
    for (const r of res.body.document.recipients) expect(tokenOf(r.sign_url), r.role_name).toMatch(/\S{20,}/);
    const page = await openSignPage(res.body.document.recipients[0]);
    expect(page.status).toBe(200);
    const emb = (await api(`/public/v2/documents/${embedded.id}`, { token: alice })).body.document;
    for (const code of emb.embed_codes) expect(code.embed_code).toMatch(/access_token=/);
  });
});

for (const who of ["bob (another account, copied)", "carol (teammate, copied)"] as const) {
  describe(who, () => {
    const token = () => (who.startsWith("bob") ? bob : carol);

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
      const views = async () => ((await api(`/public/v2/documents/${doc.id}`, { token: alice })).body.document as Doc).audits.filter((a) => a.metadata.keyword === "viewed").length;
      const viewsBefore = await views();
      const page = await openSignPage(client);
      expect(page.text).toContain("This link does not work");
      expect(page.text).not.toContain("Signing-link secrecy");
      const res = await submitAs(client, clientValues(seen));
      expect(res.status).toBeGreaterThanOrEqual(400);
      const after = (await api(`/public/v2/documents/${doc.id}`, { token: alice })).body.document as Doc;
      expect(after.recipients.find((r) => r.role_name === "Client")!.status).toBe("pending");
      expect(await views(), "opening the bare link records no view").toBe(viewsBefore);
    });

    it("does not see the sender's e-mails in its outbox", async () => {
      const dash = (await dashboardTokenFor(who.startsWith("bob") ? "bob" : "carol")).access_token;
      const res = await api("/ext/outbox", { token: dash, query: { per_page: 100 } });
      expect(res.status, res.text).toBe(200);
      expect((res.body.emails as { document_id: string }[]).filter((e) => e.document_id === doc.id)).toEqual([]);
    });
  });
}

describe("the outbox", () => {
  it("shows the sender its own mail with the signing link's credential removed", async () => {
    const dash = (await dashboardTokenFor("alice")).access_token;
    const res = await api("/ext/outbox", { token: dash, query: { per_page: 100 } });
    expect(res.status, res.text).toBe(200);
    const mails = (res.body.emails as { document_id: string; kind: string; text: string; to: string }[]).filter((e) => e.document_id === doc.id);
    const request = mails.find((m) => m.kind === "signing_request");
    expect(request, JSON.stringify(mails)).toBeTruthy();
    const client = doc.recipients.find((r) => r.role_name === "Client")!;
    expect(request!.text).toContain(`/sign/${client.id}`);
    expect(request!.text).not.toContain(tokenOf(client.sign_url)!);
    expect(request!.text).not.toMatch(/access_token=/);
  });
});

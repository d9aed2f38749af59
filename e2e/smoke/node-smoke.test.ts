// The smoke flow run on every supported Node version (e2e/smoke/node-versions.mjs):
// the server this runs against was built and started with that version, and
// the fixtures were made by the admin CLI under it. One path through what
// depends most on the runtime: the OAuth authorization-code flow (sign-in
// form, consent, token exchange: cookies, crypto, PKCE), a send from a
// template and a sending request with an upload processed by the workers
// (pdf.js, canvas on worker threads), the signers' form submissions, then
// completion: the executed document's signed PDF, sealed at PAdES B-LTA by
// the run's time-stamping authority and checked by poppler's pdfsig.
import { describe, expect, it } from "vitest";
import { api, http, me, tokenFor } from "../api/helpers";
import { pdfsig } from "../api/support/pdfsig";
import { makePdf, submitFile, waitForFinal } from "../api/support/sending";
import { clientValues, download, managerValues, recipient, sendFromTemplate, submitAs, waitForDocument, type Doc } from "../api/support/signing-calls";

let token = "";
let sent: Doc;

describe(`Node ${process.versions.node} smoke (server: ${process.env.E2E_BASE_URL})`, () => {
  it("the server runs on the same Node version as this runner (prom-client's nodejs_version_info)", async () => {
    const res = await http("/metrics");
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.text).toContain(`nodejs_version_info{version="${process.version}"`);
  });

  it("OAuth: authorization code with PKCE through sign-in and consent, then the token works", async () => {
    const t = await tokenFor("alice", "read write", { pkce: true });
    expect(t.token_type).toBe("bearer");
    token = t.access_token;
    const res = await me(token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.email).toBe("alice@acme.example");
  });

  it("a sending request: upload, processing by the workers, a pending document", async () => {
    const name = `Node ${process.versions.node} smoke upload`;
    const pdf = await makePdf({
      pages: 2,
      title: name,
      lines: [
        { page: 1, text: "Client signs here: [[signature|Client]]" },
        { page: 2, text: "[[signature|Manager|name=manager_sig]]" },
      ],
    });
    const { id } = await submitFile("v2", token, pdf, { document: { name } });
    const done = await waitForFinal("v2", token, id, 120_000);
    expect(done.status, JSON.stringify(done)).toBe("completed");
    const res = await api(`/public/v2/documents/${done.document_template_id}`, { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.document).toMatchObject({ name, state: "pending" });
    expect(res.body.document.form_fields.map((f: { name: string }) => f.name)).toContain("manager_sig");
  }, 150_000);

  it("a template send", async () => {
    sent = await sendFromTemplate(token, { name: `Node ${process.versions.node} smoke agreement` });
    expect(sent.state).toBe("pending");
  });

  it("both signers submit their forms: the document is executed", async () => {
    const c = await submitAs(recipient(sent, "Client"), clientValues(sent, { title: "Smoke Tester" }));
    expect(c.status, c.text).toBe(200);
    const m = await submitAs(recipient(sent, "Manager"), managerValues(sent));
    expect(m.status, m.text).toBe(200);
    expect(m.body.state).toBe("executed");
  });

  it("the signed PDF is downloadable and its PAdES B-LTA signature is valid", async () => {
    const doc = await waitForDocument(token, sent.id, (d) => !!d.signed_pdf_url, "signed_pdf_url set", 120_000);
    expect(doc.state).toBe("executed");
    expect(doc.signature_level).toBe("B-LTA");
    const signed = await download(doc.signed_pdf_url!, "signed_pdf_url");
    expect(Buffer.from(signed.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const check = await pdfsig(signed);
    expect(check.signatures.length, check.stdout).toBeGreaterThanOrEqual(1);
    expect(check.signatures[0]!.validation, check.stdout).toBe("valid");
  }, 150_000);
});

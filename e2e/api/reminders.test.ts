// Signer reminders (spec 3.1, 4.7, 5.6, 8 and docs/api-decisions.md
// "Reminders"): only the document's sender, only while pending, at most 30
// per document even under concurrent requests. Every test sends its own
// documents from sam's template, so counts start at zero.
import { beforeAll, describe, expect, it } from "vitest";
import { api, fixtures } from "./helpers";
import { expectBadInput, expectError, unknownId, VERSIONS, type Version } from "./support/checks";
import { embedBody, prepareBody, sendDocument, templateCall, templateOf, tokensFor } from "./support/sending";

// sam (account "Sending") sends; alice's account and lists are left alone.
const template = templateOf("sam");
const THRESHOLD = "Exceeded send reminder threshold. (30 per document).";

let t: Record<"sam" | "samRead" | "alice" | "bob" | "carol", string>;
beforeAll(async () => {
  t = await tokensFor(["sam", "samRead", "alice", "bob", "carol"]);
});

const remind = (version: Version, signerId: string, token: string | undefined) =>
  api(`/public/${version}/signers/${signerId}/reminders`, { token, method: "POST" });

/** A fresh pending document of sam (signer sequencing: Client's turn first). */
async function freshDocument(version: Version = "v2", overrides: Record<string, unknown> = {}) {
  const doc = await sendDocument(version, t.sam, template.id, overrides);
  const client = doc.recipients.find((r: any) => r.role_name === "Client");
  const manager = doc.recipients.find((r: any) => r.role_name === "Manager");
  return { doc, client, manager };
}

describe.each(VERSIONS)("POST /public/%s/signers/:id/reminders", (v) => {
  it("the sender reminds the current signer → 200 {reminder: {status: \"sent\"}}; the recipient's remind_url is that address", async () => {
    const { client } = await freshDocument(v);
    expect(new URL(client.remind_url).pathname).toBe(`/public/${v}/signers/${client.id}/reminders`);
    const res = await api(client.remind_url, { token: t.sam, method: "POST" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ reminder: { status: "sent" } });
    // and again: not limited to one
    expect((await remind(v, client.id, t.sam)).body).toEqual({ reminder: { status: "sent" } });
  });

  it("a user who is not the sender → 401 `User is not the document sender.`, also one the document is shared with", async () => {
    const { doc, client } = await freshDocument(v, { shared_with: ["carol@acme.example"] });
    // carol may see the document (it is shared with her), but only the sender may remind
    expect((await api(`/public/${v}/documents/${doc.id}`, { token: t.carol })).status).toBe(200);
    expectError(await remind(v, client.id, t.carol), 401, "User is not the document sender.");
    expectError(await remind(v, client.id, t.bob), 401, "User is not the document sender.");
  });

  it("a teammate of the sender (carol, in alice's account) → 401 `User is not the document sender.`", async () => {
    const id = fixtures.documents.alice.pending[v === "v1" ? "reminder-teammate" : "reminder"]!;
    const doc = (await api(`/public/${v}/documents/${id}`, { token: t.alice })).body.document;
    expect(doc.state).toBe("pending");
    const current = doc.recipients.find((r: any) => r.id === doc.current_signer_id);
    expect(current, "the fixture document has a current signer").toBeDefined();
    expectError(await remind(v, current.id, t.carol), 401, "User is not the document sender.");
  });

  it("a voided document → 401 `Document needs to be pending.`", async () => {
    const { doc, client } = await freshDocument(v);
    const voided = await api(`/public/${v}/documents/${doc.id}/void`, { token: t.sam, method: "POST" });
    expect(voided.status, voided.text).toBe(200);
    expectError(await remind(v, client.id, t.sam), 401, "Document needs to be pending.");
  });

  it("a draft (prepare_document) → 401 `Document needs to be pending.`", async () => {
    const prepared = await templateCall(v, "prepare_document", template.id, t.sam, prepareBody());
    expect(prepared.status, prepared.text).toBe(200);
    const id = new URL(prepared.body.url).pathname.split("/")[2]!;
    const doc = (await api(`/public/${v}/documents/${id}`, { token: t.sam })).body.document;
    expect(doc.state).toBe("draft");
    const client = doc.recipients.find((r: any) => r.role_name === "Client");
    expectError(await remind(v, client.id, t.sam), 401, "Document needs to be pending.");
  });

  it("a signer whose turn has not come (signer sequencing) → 422 naming id", async () => {
    const { manager } = await freshDocument(v);
    expectBadInput(await remind(v, manager.id, t.sam), "id");
  });

  it("an embedded signer without an e-mail address → 422 naming id", async () => {
    const res = await templateCall(v, "embed_document", template.id, t.sam, embedBody());
    expect(res.status, res.text).toBe(200);
    const client = res.body.document.recipients.find((r: any) => r.role_name === "Client");
    expect(client.email).toBeNull();
    expectBadInput(await remind(v, client.id, t.sam), "id");
  });

  it("an unknown signer id → 404 `Not found.`", async () => {
    expectError(await remind(v, unknownId(), t.sam), 404, "Not found.");
  });

  it("authentication: none → 401 `Must be authenticated.`; a read-only token → 400 `invalid_scope`", async () => {
    const { client } = await freshDocument(v);
    expectError(await remind(v, client.id, undefined), 401, "Must be authenticated.");
    expectError(await remind(v, client.id, "not-a-token"), 401, "invalid_token");
    expectError(await remind(v, client.id, t.samRead), 400, "invalid_scope");
  });
});

describe("the reminder threshold (30 per document)", () => {
  it("50 concurrent reminders on a fresh pending document: exactly 30 are sent, 20 get the threshold error", { timeout: 120_000 }, async () => {
    const { client } = await freshDocument("v2");
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => remind(i % 2 ? "v1" : "v2", client.id, t.sam)));
    const sent = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(sent).toHaveLength(30);
    for (const r of sent) expect(r.body).toEqual({ reminder: { status: "sent" } });
    expect(refused).toHaveLength(20);
    for (const r of refused) expectError(r, 401, THRESHOLD);
    // the limit stays reached
    expectError(await remind("v2", client.id, t.sam), 401, THRESHOLD);
  });

  it("the limit counts per document: after 30 on one document another still accepts reminders", { timeout: 120_000 }, async () => {
    const first = await freshDocument("v2");
    for (let i = 0; i < 30; i++) expect((await remind("v2", first.client.id, t.sam)).status).toBe(200);
    expectError(await remind("v2", first.client.id, t.sam), 401, THRESHOLD);
    const second = await freshDocument("v2");
    expect((await remind("v2", second.client.id, t.sam)).status).toBe(200);
  });

  it("a voided document that reached the limit answers `Document needs to be pending.`", { timeout: 120_000 }, async () => {
    const { doc, client } = await freshDocument("v2");
    await Promise.all(Array.from({ length: 30 }, () => remind("v2", client.id, t.sam)));
    expectError(await remind("v2", client.id, t.sam), 401, THRESHOLD);
    expect((await api(`/public/v2/documents/${doc.id}/void`, { token: t.sam, method: "POST" })).status).toBe(200);
    expectError(await remind("v2", client.id, t.sam), 401, "Document needs to be pending.");
  });
});

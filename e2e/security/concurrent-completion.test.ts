// Issue 10 point 4: every document finishes, exactly once. Fifty documents
// with two signers each (no signing order) are signed by both signers at the
// same moment: every document must end executed with exactly one `executed`
// audit entry, one `executed` callback, one completion and one signed PDF.
// Before signatures were serialised per document, both transactions read the
// other signer as still pending and the document stayed `pending` for ever
// with every signer `signed`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, dashboardTokenFor, fixtures, tokenFor } from "../api/helpers";
import { startCallbackReceiver, type CallbackReceiver } from "../api/support/callback-receiver";
import { fieldId, signaturePng, submitAs, type Doc } from "../api/support/signing-calls";

const DOCUMENTS = 50;
let token: string;
let receiver: CallbackReceiver;

const template = () => (fixtures.templates as unknown as Record<string, { id: string }>).sec!;

beforeAll(async () => {
  token = (await tokenFor("sec" as "alice")).access_token;
  receiver = await startCallbackReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

async function send(i: number): Promise<Doc> {
  const res = await api(`/public/v2/reusable_templates/${template().id}/send_document`, {
    token,
    method: "POST",
    body: {
      name: `Simultaneous ${i}`,
      roles: [{ name: "Client", signer_name: `Client ${i}`, signer_email: `client${i}@simultaneous.example` }],
      callback_url: receiver.url("/concurrent"),
      expires_in: 30,
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.document;
}

const values = (doc: Doc, role: "Client" | "Manager") =>
  role === "Client" ? { [fieldId(doc, "client_signature")]: signaturePng(`c${doc.id}`) } : { [fieldId(doc, "manager_signature")]: signaturePng(`m${doc.id}`) };

describe(`${DOCUMENTS} documents × 2 signers submitting at once`, () => {
  it("all executed, each exactly once: one executed audit, one executed callback, one completion, one signed PDF", { timeout: 400_000 }, async () => {
    const docs: Doc[] = [];
    for (let i = 0; i < DOCUMENTS; i++) docs.push(await send(i));

    // Every signature of every document at once, in both orders.
    const submissions = docs.flatMap((d, i) => {
      const client = d.recipients.find((r) => r.role_name === "Client")!;
      const manager = d.recipients.find((r) => r.role_name === "Manager")!;
      const pair = [() => submitAs(client, values(d, "Client")), () => submitAs(manager, values(d, "Manager"))];
      return i % 2 ? pair.reverse() : pair;
    });
    const answers = await Promise.all(submissions.map((f) => f()));
    expect(answers.map((a) => a.status).filter((s) => s !== 200), answers.filter((a) => a.status !== 200).map((a) => a.text).join("\n")).toEqual([]);
    const executedAnswers = answers.filter((a) => a.body?.state === "executed").length;
    expect(executedAnswers, "exactly one of each document's two signatures executes it").toBe(DOCUMENTS);

    // Completion: every document gets its signed PDF; none stays pending with everyone signed.
    const deadline = Date.now() + 300_000;
    let finals: Doc[] = [];
    for (;;) {
      finals = await Promise.all(docs.map(async (d) => (await api(`/public/v2/documents/${d.id}`, { token })).body.document as Doc));
      if (finals.every((d) => d.state === "executed" && d.signed_pdf_url) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    for (const d of finals) {
      const kw = d.audits.map((a) => a.metadata.keyword);
      expect({ id: d.id, state: d.state, signed: d.recipients.map((r) => r.status), pdf: !!d.signed_pdf_url }).toEqual({
        id: d.id,
        state: "executed",
        signed: ["signed", "signed"],
        pdf: true,
      });
      expect({ id: d.id, executed: kw.filter((k) => k === "executed").length, completed: kw.filter((k) => k === "completed").length, signed: kw.filter((k) => k === "signed").length }).toEqual({
        id: d.id,
        executed: 1,
        completed: 1,
        signed: 2,
      });
    }

    // Callbacks: one `executed` event per document (delivery retries would reuse the webhook-id).
    const callbackDeadline = Date.now() + 150_000;
    const executedEvents = () => receiver.requests.filter((r) => (r.json as { event?: string } | undefined)?.event === "executed");
    while (new Set(executedEvents().map((r) => (r.json as { id: string }).id)).size < DOCUMENTS && Date.now() < callbackDeadline) {
      await new Promise((r) => setTimeout(r, 500));
    }
    await new Promise((r) => setTimeout(r, 2000)); // a duplicate would arrive in this time
    const byDoc = new Map<string, Set<string>>();
    for (const r of executedEvents()) {
      const id = (r.json as { id: string }).id;
      byDoc.set(id, (byDoc.get(id) ?? new Set()).add(r.headers["webhook-id"] as string));
    }
    const byEvent: Record<string, number> = {};
    for (const r of receiver.requests) {
      const event = String((r.json as { event?: string } | undefined)?.event);
      byEvent[event] = (byEvent[event] ?? 0) + 1;
    }
    const wrong = docs.map((d) => ({ id: d.id, executedCallbacks: byDoc.get(d.id)?.size ?? 0 })).filter((d) => d.executedCallbacks !== 1);
    const dashboard = wrong.length ? (await dashboardTokenFor("sec")).access_token : "";
    const logs = await Promise.all(wrong.slice(0, 3).map(async (w) => (await api(`/ext/documents/${w.id}/callbacks`, { token: dashboard })).text));
    expect(wrong, `callbacks received by event: ${JSON.stringify(byEvent)}; delivery logs of the first: ${logs.join("\n")}`).toEqual([]);
  });
});

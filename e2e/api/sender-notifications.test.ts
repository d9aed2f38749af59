// Issue 13 point 2, "The sender hears what happened": the sender is e-mailed
// when a signer first opens a document (once, even for simultaneous opens),
// when each signer signs (unless switched off in the notification settings),
// when it is completed (with a working link to the signed PDF), declined
// (with the reason) and expired; signers who were asked to sign are e-mailed
// when it is voided, with the reason the API now takes. Each notice is read
// back from the outbox (/ext/outbox) and from the SMTP sink, and shows in the
// document's audit trail.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, dashboardTokenFor, fixtures, http, tokenFor } from "./helpers";
import { mailTo, waitForMail } from "./support/mail-sink";
import { prepareOwnServer, importTemplateAt, TWO_SIGNER_TEMPLATE, type OwnServerSetup } from "./support/own-server";
import {
  aliceToken,
  clientValues,
  declineAs,
  download,
  getDocument,
  managerValues,
  openSignPage,
  recipient,
  sendFromTemplate,
  sha256,
  submitAs,
  waitForDocument,
  type Doc,
} from "./support/signing-calls";

type OutboxEmail = { id: string; kind: string; to: string; subject: string; text: string; status: string; document_id: string | null };

const ALICE = fixtures.users.alice;
const CLIENT = "cleo@client.example";
const MANAGER = "morgan@manager.example";

let token = "";
let ext = "";

beforeAll(async () => {
  token = await aliceToken();
  ext = (await dashboardTokenFor("alice")).access_token;
});

/** Alice's outbox e-mails about one document (newest first). */
async function outboxOf(documentId: string): Promise<OutboxEmail[]> {
  const res = await api("/ext/outbox", { token: ext, query: { per_page: 100 } });
  expect(res.status, res.text).toBe(200);
  return (res.body.emails as OutboxEmail[]).filter((e) => e.document_id === documentId);
}

async function waitForOutbox(documentId: string, ready: (mails: OutboxEmail[]) => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let mails: OutboxEmail[] = [];
  while (Date.now() < deadline) {
    mails = await outboxOf(documentId);
    if (ready(mails)) return mails;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} not in the outbox of ${documentId} within ${timeoutMs} ms: ${JSON.stringify(mails.map((m) => [m.kind, m.to, m.subject]))}`);
}

const ofKind = (mails: OutboxEmail[], kind: string) => mails.filter((m) => m.kind === kind);
const auditsOf = (doc: Doc, keyword: string) => doc.audits.filter((a) => a.metadata.keyword === keyword);

async function settings(body?: Record<string, boolean>) {
  const res = body
    ? await api("/ext/notification_settings", { token: ext, method: "PUT", body: { notification_settings: body } })
    : await api("/ext/notification_settings", { token: ext });
  expect(res.status, res.text).toBe(200);
  return res.body.notification_settings as Record<string, boolean>;
}

const uniqueName = (what: string) => `Notice ${what} ${crypto.randomBytes(3).toString("hex")}`;

describe("notification settings (/ext/notification_settings)", () => {
  afterAll(async () => {
    await settings({ viewed: true, signed: true, completed: true, declined: true, expired: true });
  });

  it("GET answers every notice, on by default; PUT changes only the keys given", async () => {
    await settings({ viewed: true, signed: true, completed: true, declined: true, expired: true });
    expect(await settings()).toEqual({ viewed: true, signed: true, completed: true, declined: true, expired: true });
    expect(await settings({ expired: false })).toEqual({ viewed: true, signed: true, completed: true, declined: true, expired: false });
    expect(await settings({ viewed: false })).toEqual({ viewed: false, signed: true, completed: true, declined: true, expired: false });
    expect(await settings()).toMatchObject({ viewed: false, expired: false });
  });

  it("an unknown key or a value that is not a boolean is a 422; nothing changes", async () => {
    const before = await settings();
    const unknown = await api("/ext/notification_settings", { token: ext, method: "PUT", body: { notification_settings: { everything: false } } });
    expect(unknown.status, unknown.text).toBe(422);
    expect(unknown.body.error).toMatch(/^Bad input parameter\. notification_settings:/);
    const text = await api("/ext/notification_settings", { token: ext, method: "PUT", body: { notification_settings: { signed: "no" } } });
    expect(text.status, text.text).toBe(422);
    expect(text.body.error).toBe("Bad input parameter. notification_settings[signed]: must be true or false.");
    expect(await settings()).toEqual(before);
  });

  it("each user has their own settings; third-party tokens are refused (/ext)", async () => {
    await settings({ signed: false });
    const bob = (await dashboardTokenFor("bob")).access_token;
    const bobs = await api("/ext/notification_settings", { token: bob });
    expect(bobs.status, bobs.text).toBe(200);
    expect(bobs.body.notification_settings.signed).toBe(true);
    const thirdParty = await api("/ext/notification_settings", { token });
    expect(thirdParty.status).toBe(403);
    await settings({ signed: true });
  });
});

describe("the sender is e-mailed", () => {
  it("when a signer first opens the document: once, even when the page is opened three times at once", async () => {
    const doc = await sendFromTemplate(token, { name: uniqueName("viewed") });
    const client = recipient(doc, "Client");
    const opens = await Promise.all([openSignPage(client), openSignPage(client), openSignPage(client)]);
    for (const o of opens) expect(o.status).toBe(200);
    await openSignPage(client);

    const viewed = ofKind(await waitForOutbox(doc.id, (m) => ofKind(m, "sender_viewed").length > 0, "the viewed notice"), "sender_viewed");
    expect(viewed).toHaveLength(1);
    expect(viewed[0]!.to).toBe(ALICE.email);
    expect(viewed[0]!.subject).toBe(`Cleo Client opened "${doc.name}"`);
    expect(viewed[0]!.text).toContain(`/documents/${doc.id}`);
    // really sent (SMTP sink), once
    await waitForMail(ALICE.email, { subject: new RegExp(`opened "${doc.name}"`) });
    expect(mailTo(ALICE.email).filter((m) => m.subject.includes(`opened "${doc.name}"`))).toHaveLength(1);
    // the timeline says so
    const now = await getDocument(token, doc.id);
    expect(auditsOf(now, "viewed")).toHaveLength(1);
    expect(auditsOf(now, "notified").map((a) => a.payload)).toEqual([`${ALICE.name} (the sender) was e-mailed: Cleo Client opened "${doc.name}"`]);
  });

  it("when each signer signs, and when everyone has: with a link that downloads the signed PDF", async () => {
    const doc = await sendFromTemplate(token, { name: uniqueName("signed") });
    expect((await submitAs(recipient(doc, "Client"), clientValues(doc))).status).toBe(200);
    const afterClient = ofKind(await outboxOf(doc.id), "sender_signed");
    expect(afterClient.map((m) => m.subject)).toEqual([`Cleo Client signed "${doc.name}"`]);
    expect(afterClient[0]!.text).toContain("Still to sign: Morgan Manager.");

    const next = await getDocument(token, doc.id);
    expect((await submitAs(recipient(next, "Manager"), managerValues(next))).status).toBe(200);
    const done = await waitForDocument(token, doc.id, (d) => !!d.signed_pdf_url, "the signed PDF");
    const mails = await waitForOutbox(doc.id, (m) => ofKind(m, "sender_completed").length > 0, "the completed notice");
    expect(ofKind(mails, "sender_signed").map((m) => m.subject).sort()).toEqual([`Cleo Client signed "${doc.name}"`, `Morgan Manager signed "${doc.name}"`]);

    const completed = ofKind(mails, "sender_completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]!.to).toBe(ALICE.email);
    const link = /https?:\/\/\S+\/files\/\S+/.exec(completed[0]!.text)?.[0]?.replace(/[>)\].,;]+$/, "");
    expect(link, completed[0]!.text).toBeDefined();
    const fromMail = await download(link!, "the sender's e-mailed link");
    expect(sha256(fromMail)).toBe(sha256(await download(done.signed_pdf_url!, "signed_pdf_url")));
    expect(completed[0]!.text).toContain(sha256(fromMail));
    // the signers' own completion mail is unchanged: one each, not the sender
    expect(ofKind(mails, "completed").map((m) => m.to).sort()).toEqual([CLIENT, MANAGER]);

    const trail = auditsOf(await getDocument(token, doc.id), "notified").map((a) => a.payload);
    expect(trail).toEqual(expect.arrayContaining([expect.stringContaining("Cleo Client signed"), expect.stringContaining("Morgan Manager signed"), expect.stringContaining("is signed by everyone")]));
    await waitForMail(ALICE.email, { subject: new RegExp(`"${doc.name}" is signed by everyone`) });
  });

  it("not when signing notices are switched off (the others still come)", async () => {
    await settings({ signed: false });
    try {
      const doc = await sendFromTemplate(token, { name: uniqueName("quiet") });
      await openSignPage(recipient(doc, "Client"));
      expect((await submitAs(recipient(doc, "Client"), clientValues(doc))).status).toBe(200);
      // queued in the signature's own transaction: had it been made, it would be there now
      const mails = await outboxOf(doc.id);
      expect(ofKind(mails, "sender_signed")).toEqual([]);
      expect(ofKind(mails, "sender_viewed")).toHaveLength(1);
      expect(auditsOf(await getDocument(token, doc.id), "notified").map((a) => a.payload).join("\n")).not.toContain("signed");
    } finally {
      await settings({ signed: true });
    }
  });

  it("when a signer declines, with their reason", async () => {
    const doc = await sendFromTemplate(token, { name: uniqueName("declined") });
    const reason = "The fee in clause 4 is wrong — please send 1 200 € instead.";
    expect((await declineAs(recipient(doc, "Client"), reason)).status).toBe(200);
    const declined = ofKind(await outboxOf(doc.id), "sender_declined");
    expect(declined).toHaveLength(1);
    expect(declined[0]!.subject).toBe(`Cleo Client declined to sign "${doc.name}"`);
    expect(declined[0]!.text).toContain(`Their reason: "${reason}"`);
    const mail = await waitForMail(ALICE.email, { subject: new RegExp(`declined to sign "${doc.name}"`) });
    expect(mail.text).toContain(reason);
    expect(auditsOf(await getDocument(token, doc.id), "notified")).toHaveLength(1);
  });
});

describe("void with a reason (POST /public/v1|v2/documents/:id/void)", () => {
  const voidCall = (version: "v1" | "v2", id: string, body?: unknown) => api(`/public/${version}/documents/${id}/void`, { token, method: "POST", body });

  it("v2 JSON {document: {reason}}: stored, in the audit entry and the document JSON, e-mailed to every signer who was asked", async () => {
    const doc = await sendFromTemplate(token, { name: uniqueName("void") });
    // the Client signs, so the Manager is asked too: both are told; nobody else
    expect((await submitAs(recipient(doc, "Client"), clientValues(doc))).status).toBe(200);
    const reason = "Superseded by the corrected agreement of 3 March.";
    const res = await voidCall("v2", doc.id, { document: { reason } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ document: { status: "voided" } });

    const after = await getDocument(token, doc.id);
    expect(after.state).toBe("voided");
    expect(after.void_reason).toBe(reason);
    const entry = auditsOf(after, "voided");
    expect(entry).toHaveLength(1);
    expect(entry[0]!.payload).toBe(`${ALICE.name} (${ALICE.email}) voided the document: "${reason}" Signers e-mailed: Cleo Client, Morgan Manager.`);

    const voided = ofKind(await outboxOf(doc.id), "voided");
    expect(voided.map((m) => m.to).sort()).toEqual([CLIENT, MANAGER]);
    for (const m of voided) {
      expect(m.subject).toBe(`"${doc.name}" was voided`);
      expect(m.text).toContain(`Their reason: "${reason}"`);
    }
    const mail = await waitForMail(MANAGER, { subject: new RegExp(`"${doc.name}" was voided`) });
    expect(mail.text).toContain(reason);
    // v1 answers the same field
    const v1 = await api(`/public/v1/documents/${doc.id}`, { token });
    expect(v1.body.document.void_reason).toBe(reason);
  });

  it("v1 form-encoded document[reason]: the same; a signer never asked (later in the sequence) is not e-mailed", async () => {
    const doc = await sendFromTemplate(token, { name: uniqueName("void-form") });
    const res = await http(`/public/v1/documents/${doc.id}/void`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ "document[reason]": "Sent to the wrong client." }).toString(),
    });
    expect(res.status, res.text).toBe(200);
    const after = await getDocument(token, doc.id);
    expect(after.void_reason).toBe("Sent to the wrong client.");
    const voided = ofKind(await outboxOf(doc.id), "voided");
    expect(voided.map((m) => m.to)).toEqual([CLIENT]);
    expect(voided[0]!.text).toContain('Their reason: "Sent to the wrong client."');
  });

  it("without a reason (the spec's empty document object, or no body): voided, no reason anywhere, signers still told", async () => {
    for (const body of [{ document: {} }, undefined]) {
      const doc = await sendFromTemplate(token, { name: uniqueName("void-bare") });
      const res = await voidCall("v2", doc.id, body);
      expect(res.status, res.text).toBe(200);
      const after = await getDocument(token, doc.id);
      expect(after.state).toBe("voided");
      expect(after.void_reason).toBeNull();
      expect(auditsOf(after, "voided")[0]!.payload).toBe(`${ALICE.name} (${ALICE.email}) voided the document. Signers e-mailed: Cleo Client.`);
      const voided = ofKind(await outboxOf(doc.id), "voided");
      expect(voided.map((m) => m.to)).toEqual([CLIENT]);
      expect(voided[0]!.text).toContain("No reason was given.");
    }
  });

  it("a reason that is not text or is too long is a 422, and the document stays pending", async () => {
    const doc = await sendFromTemplate(token, { name: uniqueName("void-bad") });
    const notText = await voidCall("v2", doc.id, { document: { reason: 42 } });
    expect(notText.status, notText.text).toBe(422);
    expect(notText.body.error).toBe("Bad input parameter. reason: must be text.");
    const tooLong = await voidCall("v2", doc.id, { reason: "x".repeat(2001) });
    expect(tooLong.status, tooLong.text).toBe(422);
    expect(tooLong.body.error).toBe("Bad input parameter. reason: must be at most 2000 characters.");
    expect((await getDocument(token, doc.id)).state).toBe("pending");
    expect(ofKind(await outboxOf(doc.id), "voided")).toEqual([]);
  });

  it("another account cannot void it, reason or not", async () => {
    const doc = await sendFromTemplate(token, { name: uniqueName("void-other") });
    const other = (await tokenFor("carol")).access_token;
    const res = await api(`/public/v2/documents/${doc.id}/void`, { token: other, method: "POST", body: { document: { reason: "mine now" } } });
    expect(res.status).toBe(401);
    expect((await getDocument(token, doc.id)).state).toBe("pending");
  });
});

describe("the sender is e-mailed when a document expires (a server of this test's own)", () => {
  const SENDER = { email: `esther.${crypto.randomBytes(3).toString("hex")}@expiry.example`, password: "expiry-Pa55word-e2e", name: "Esther Expiry" };
  let setup: OwnServerSetup;
  let documentId = "";

  beforeAll(async () => {
    setup = await prepareOwnServer({ name: "sender-notifications", fromPort: 3790 });
    const server = setup.server;
    if (!server) return;
    server.env.SMTP_URL = process.env.E2E_SMTP_URL;
    await server.cli("user:create", "--email", SENDER.email, "--password", SENDER.password, "--name", SENDER.name, "--account", "Expiry");
    const templateId = await importTemplateAt(server, SENDER.email, { name: "Expiring", ...TWO_SIGNER_TEMPLATE });
    documentId = (
      await server.cli(
        "document:create", "--owner", SENDER.email, "--template", templateId, "--state", "pending", "--name", "Expiring agreement",
        "--role", "First=Fay First <fay@first.example>", "--role", "Second=Sid Second <sid@second.example>",
      )
    ).id;
    // Past its expiry before the server starts: its first expire-documents tick (every minute) expires it.
    const [updated] = await setup.sql([{ text: "update documents set expires_at = now() - interval '1 minute' where id = $1", params: [documentId] }]);
    expect(updated!.affected).toBe(1);
    await server.start();
  }, 300_000);

  afterAll(() => setup?.teardown(), 60_000);

  it("once, naming who had not signed", { timeout: 200_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const mail = await waitForMail(SENDER.email, { subject: /"Expiring agreement" expired before everyone signed/, timeoutMs: 150_000 });
    expect(mail.text).toContain("Not signed by: Fay First, Sid Second.");
    expect(mail.text).toContain(`/documents/${documentId}`);
    // a later tick finds nothing pending: still one
    await new Promise((r) => setTimeout(r, 3000));
    expect(mailTo(SENDER.email).filter((m) => /expired before/.test(m.subject))).toHaveLength(1);
  });
});

// Issue 13 point 2 from the signers' side, in Chromium: the signers open,
// sign and decline on the signer page as people do, and the sender hears of
// each step: one e-mail per notice in her outbox (/ext/outbox) and at the SMTP
// sink, and a "was e-mailed" entry per notice in the document's audit trail
// on her dashboard (desktop and phone, axe). The void notice to signers is in
// notification-settings.spec.ts; the expiry notice needs a server whose clock
// a test can move (a document's expiry is whole days) and is checked by
// e2e/api/sender-notifications.test.ts on a server of its own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { api, dashboardTokenFor } from "../api/helpers";
import { waitForMail } from "../api/support/mail-sink";
import { aliceToken, recipient, sendFromTemplate, type Doc } from "../api/support/signing-calls";
import { loadFixtures } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./support/accessibility";
import { saveDashboardSession, settled } from "./support/dashboard-sign-in";
import { finishButton, signByDrawing, signByTyping, signedHeading } from "./support/signing-ui";

const fx = loadFixtures();
const alice = fx.users.alice;
const session = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sender-notices-")), "alice.json");
const PHONE = { width: 390, height: 844 };

type OutboxEmail = { kind: string; to: string; subject: string; text: string; document_id: string | null };

let token: string;

test.beforeAll(async ({ browser }) => {
  token = await aliceToken();
  await saveDashboardSession(browser, alice, session);
});

/** The sender's outbox e-mails about one document once `ready` holds (the notices are sent by jobs). */
async function sendersOutbox(documentId: string, ready: (mails: OutboxEmail[]) => boolean, what: string): Promise<OutboxEmail[]> {
  const ext = (await dashboardTokenFor("alice")).access_token;
  let mails: OutboxEmail[] = [];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await api("/ext/outbox", { token: ext, query: { per_page: 100 } });
    expect(res.status, res.text).toBe(200);
    mails = (res.body.emails as OutboxEmail[]).filter((m) => m.document_id === documentId && m.to === alice.email);
    if (ready(mails)) return mails;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} not in the sender's outbox within 60 s: ${JSON.stringify(mails.map((m) => [m.kind, m.subject]))}`);
}

const ofKind = (mails: OutboxEmail[], kind: string) => mails.filter((m) => m.kind === kind);
const quoted = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The document's detail page on the sender's dashboard, at desktop or phone size. */
async function openAsSender(browser: Browser, doc: { id: string; name: string }, size: "desktop" | "phone") {
  const context = await browser.newContext({ storageState: session, ...(size === "phone" ? { viewport: PHONE, isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  await page.goto(`/documents/${doc.id}`);
  await expect(page.getByRole("heading", { level: 1, name: doc.name })).toBeVisible();
  await settled(page);
  return { page, context };
}

const auditTrail = (page: Page) => page.getByRole("region", { name: "Audit trail", exact: true });

test("opened, signed by each signer, signed by everyone: an e-mail to the sender for each, in her outbox and timeline", async ({ browser, page }) => {
  test.setTimeout(180_000);
  const doc: Doc = await sendFromTemplate(token, { name: `Sender notices ${Date.now().toString(36)}` });
  const client = recipient(doc, "Client");
  const manager = recipient(doc, "Manager");

  // The Client opens the link: the first view is the sender's first notice.
  await page.goto(client.sign_url);
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
  const viewed = ofKind(await sendersOutbox(doc.id, (m) => ofKind(m, "sender_viewed").length > 0, "the 'opened' notice"), "sender_viewed");
  expect(viewed.map((m) => m.subject)).toEqual([`Cleo Client opened "${doc.name}"`]);

  // The Client signs on the page.
  await page.getByRole("textbox", { name: "client title" }).fill("Head of Notices");
  await signByDrawing(page, page, "client signature");
  await finishButton(page).click();
  await expect(signedHeading(page, doc.name)).toBeVisible();
  const afterClient = ofKind(await sendersOutbox(doc.id, (m) => ofKind(m, "sender_signed").length > 0, "the Client's 'signed' notice"), "sender_signed");
  expect(afterClient.map((m) => m.subject)).toEqual([`Cleo Client signed "${doc.name}"`]);
  expect(afterClient[0]!.text).toContain("Still to sign: Morgan Manager.");

  // The Manager signs: two more notices, his signature and the completion (with the signed PDF's link).
  await page.goto(manager.sign_url);
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
  await signByTyping(page, "manager signature", "Morgan Manager");
  await finishButton(page).click();
  await expect(signedHeading(page, doc.name)).toBeVisible();
  const all = await sendersOutbox(doc.id, (m) => ofKind(m, "sender_completed").length > 0, "the 'signed by everyone' notice");
  expect(ofKind(all, "sender_signed").map((m) => m.subject).sort()).toEqual([`Cleo Client signed "${doc.name}"`, `Morgan Manager signed "${doc.name}"`]);
  const completed = ofKind(all, "sender_completed");
  expect(completed).toHaveLength(1);
  expect(completed[0]!.text).toMatch(/https?:\/\/\S+\/files\/\S+/);
  // one 'opened' notice per signer: the first time each opened the document
  expect(ofKind(all, "sender_viewed").map((m) => m.subject).sort()).toEqual([`Cleo Client opened "${doc.name}"`, `Morgan Manager opened "${doc.name}"`]);

  // Each one was delivered (the SMTP sink the test run starts), not only queued.
  for (const subject of [`Cleo Client opened "${doc.name}"`, `Cleo Client signed "${doc.name}"`, `Morgan Manager signed "${doc.name}"`]) {
    await waitForMail(alice.email, { subject: new RegExp(`^${quoted(subject)}$`) });
  }
  await waitForMail(alice.email, { subject: new RegExp(`"${quoted(doc.name)}" is signed by everyone`) });

  // The sender's timeline says whom the service e-mailed and why, at desktop and phone size.
  for (const size of ["desktop", "phone"] as const) {
    const { page: dashboard, context } = await openAsSender(browser, doc, size);
    try {
      const trail = auditTrail(dashboard);
      await expect(trail).toContainText(`${alice.name} (the sender) was e-mailed: Cleo Client opened "${doc.name}"`);
      await expect(trail).toContainText(`${alice.name} (the sender) was e-mailed: Cleo Client signed "${doc.name}"`);
      await expect(trail).toContainText(`${alice.name} (the sender) was e-mailed: Morgan Manager signed "${doc.name}"`);
      await expect(trail).toContainText(`"${doc.name}" is signed by everyone`);
      await expectNoSeriousA11yViolations(dashboard, `document timeline with the sender's notices (${size})`);
    } finally {
      await context.close();
    }
  }
});

test("declined on the signer page: the sender is e-mailed the signer's reason, shown in her timeline", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const doc: Doc = await sendFromTemplate(token, { name: `Sender notices declined ${Date.now().toString(36)}` });
  const reason = "The fee in clause 4 is wrong: it should be 1 200 €.";

  await page.goto(recipient(doc, "Client").sign_url);
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
  await page.getByRole("button", { name: "Decline" }).click();
  const dialog = page.getByRole("dialog", { name: "Decline to sign" });
  await dialog.getByLabel("Reason for declining").fill(reason);
  await dialog.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByRole("heading", { name: `You declined “${doc.name}”` })).toBeVisible();

  const declined = ofKind(await sendersOutbox(doc.id, (m) => ofKind(m, "sender_declined").length > 0, "the 'declined' notice"), "sender_declined");
  expect(declined.map((m) => m.subject)).toEqual([`Cleo Client declined to sign "${doc.name}"`]);
  expect(declined[0]!.text).toContain(`Their reason: "${reason}"`);
  const mail = await waitForMail(alice.email, { subject: new RegExp(`declined to sign "${quoted(doc.name)}"`) });
  expect(mail.text).toContain(reason);

  const { page: dashboard, context } = await openAsSender(browser, doc, "desktop");
  try {
    await expect(auditTrail(dashboard)).toContainText(`${alice.name} (the sender) was e-mailed: Cleo Client declined to sign "${doc.name}"`);
    await expectNoSeriousA11yViolations(dashboard, "document timeline with the sender's 'declined' notice");
  } finally {
    await context.close();
  }
});

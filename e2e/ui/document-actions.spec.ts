// Acting on a document from its detail page (issue 13 point 3), as alice in
// Chromium: Sign now when it is her turn, Copy signing link (clipboard and the
// visible fallback), Edit a pending recipient (the old link stops working, a
// new invitation goes out), Correct and resend a declined document, Delete a
// draft, the decline reason beside the signer, only the actions a state
// allows, the signed pages once executed; the layout at desktop and phone
// size, and axe on each state of the page.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { api } from "../api/helpers";
import { tokensFor } from "../api/support/sending";
import { mailCount, waitForMail } from "../api/support/mail-sink";
import {
  clientValues,
  declineAs,
  getDocument,
  managerValues,
  recipient,
  submitAs,
  waitForDocument,
  type Doc,
} from "../api/support/signing-calls";
import { loadFixtures } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./support/accessibility";
import { aliceToken, runTag, sendFromAliceTemplate } from "./support/alice-documents";
import { saveDashboardSession, settled, toast } from "./support/dashboard-sign-in";

const fx = loadFixtures();
const alice = fx.users.alice;
const tag = runTag();
const session = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "doc-actions-")), "alice.json");
const PHONE = { width: 390, height: 844 };

let token: string;

test.beforeAll(async ({ browser }) => {
  token = await aliceToken();
  await saveDashboardSession(browser, alice, session);
});

/** A page signed in as alice, at desktop size or phone size. */
async function open(browser: Browser, size: "desktop" | "phone" = "desktop", init?: string) {
  const context = await browser.newContext({ storageState: session, ...(size === "phone" ? { viewport: PHONE, isMobile: true, hasTouch: true } : {}) });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  return { page, context };
}

async function send(name: string, client?: { name: string; email: string }): Promise<Doc> {
  const sent = await sendFromAliceTemplate(fx, token, `Actions ${tag} ${name}`, client);
  return getDocument(token, sent.id);
}

async function openDocument(page: Page, doc: { id: string; name: string }) {
  await page.goto(`/documents/${doc.id}`);
  await expect(page.getByRole("heading", { level: 1, name: doc.name })).toBeVisible();
  await settled(page);
}

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
/** The recipient row whose name is `name` (another row may mention it: "waiting for <name>"). */
const row = (page: Page, name: string) => region(page, "Recipients").getByTestId("recipient-row").filter({ has: page.getByText(name, { exact: true }) });

/** Nothing on the page is wider than the viewport (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, "the page scrolls sideways").toBeLessThanOrEqual(width);
}

test("Sign now: the sender whose turn it is opens the signer page with a working link", async ({ browser }) => {
  const doc = await send("sign now", { name: alice.name, email: alice.email });
  const { page, context } = await open(browser);
  await openDocument(page, doc);
  const signNow = page.getByRole("link", { name: "Sign now", exact: true });
  await expect(signNow).toBeVisible();
  await signNow.click();
  await expect(page).toHaveURL((u) => u.pathname === `/sign/${recipient(doc, "Client").id}` && u.searchParams.has("access_token"));
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
  await expect(page.getByText("This signing link is not valid")).toHaveCount(0);

  // Once she has signed it is Morgan Manager's turn: no Sign now.
  expect((await submitAs(recipient(doc, "Client"), clientValues(doc))).status).toBe(200);
  await openDocument(page, doc);
  await expect(page.getByRole("link", { name: "Sign now", exact: true })).toHaveCount(0);
  await context.close();
});

test("Copy signing link: to the clipboard, or shown to copy by hand when the browser refuses", async ({ browser }) => {
  const doc = await send("copy link");
  const client = recipient(doc, "Client");
  const { page, context } = await open(browser);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openDocument(page, doc);
  await row(page, "Rita Remind").getByRole("button", { name: "Copy signing link for Rita Remind" }).click();
  await expect(row(page, "Rita Remind").getByRole("button", { name: /Link copied/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(client.sign_url);
  // Morgan Manager's turn has not come, but the sender may still hand over the link.
  await expect(row(page, "Morgan Manager").getByRole("button", { name: "Copy signing link for Morgan Manager" })).toBeVisible();
  await context.close();

  const blocked = await open(browser, "desktop", `Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });`);
  await openDocument(blocked.page, doc);
  await row(blocked.page, "Rita Remind").getByRole("button", { name: "Copy signing link for Rita Remind" }).click();
  const field = row(blocked.page, "Rita Remind").getByLabel(/Copy the signing link for Rita Remind from here/);
  await expect(field).toBeVisible();
  await expect(field).toHaveValue(client.sign_url);
  await blocked.context.close();
});

test("Edit a pending recipient: human errors, then saved; the old link shows the 'link does not work' page, the new one works and was e-mailed", async ({ browser }) => {
  const doc = await send("edit", { name: "Rita Remind", email: `rita.${tag}@ui.example` });
  const before = recipient(doc, "Client");
  const address = `nina.${tag}@ui.example`;
  const seen = mailCount(address);
  const { page, context } = await open(browser);
  await openDocument(page, doc);
  await row(page, "Rita Remind").getByRole("button", { name: "Edit Rita Remind" }).click();
  const dialog = page.getByRole("dialog", { name: "Change the Client signer" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, "document detail, edit recipient dialog");

  await dialog.getByLabel("E-mail address").fill("not an address");
  await dialog.getByRole("button", { name: "Save and resend" }).click();
  await expect(dialog.getByText("Enter an e-mail address such as name@example.com.")).toBeVisible();
  await expect(dialog.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Name").fill("Nina New");
  await dialog.getByLabel("E-mail address").fill(address);
  await dialog.getByRole("button", { name: "Save and resend" }).click();
  await expect(toast(page, `a new invitation went to ${address}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, "Nina New")).toContainText(address);
  await expect(region(page, "Audit trail")).toContainText("changed the Client signer from Rita Remind");

  const after = recipient(await getDocument(token, doc.id), "Client");
  expect(after.sign_url).not.toBe(before.sign_url);
  await page.goto(before.sign_url);
  await expect(page.getByText("This link does not work")).toBeVisible();
  await expect(page.getByText("This signing link is not valid")).toBeVisible();
  const mail = await waitForMail(address, { after: seen, subject: /to sign/ });
  expect(mail.text).toContain(after.sign_url);
  await page.goto(after.sign_url);
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
  await context.close();
});

test("a declined document: the reason beside the signer, no reminders or PIN; Correct and resend opens the new draft in the builder", async ({ browser }) => {
  const doc = await send("declined");
  expect((await declineAs(recipient(doc, "Client"), "The start date is wrong.")).status).toBe(200);
  for (const size of ["desktop", "phone"] as const) {
    const { page, context } = await open(browser, size);
    await openDocument(page, doc);
    await expect(row(page, "Rita Remind").getByTestId("decline-reason")).toHaveText("Declined: “The start date is wrong.”");
    await expect(page.getByRole("button", { name: /Send reminder/ })).toHaveCount(0);
    await expect(page.getByTestId("reminders-left")).toHaveCount(0);
    await expect(region(page, "PIN")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Copy signing link|^Edit/ })).toHaveCount(0);
    // Sharing and tags stay.
    await expect(region(page, "Tags")).toBeVisible();
    await expect(region(page, "Shared with")).toBeVisible();
    await expect(page.getByRole("button", { name: "Correct and resend", exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    if (size === "desktop") await expectNoSeriousA11yViolations(page, "document detail, declined");
    await context.close();
  }

  const { page, context } = await open(browser);
  await openDocument(page, doc);
  await page.getByRole("button", { name: "Correct and resend", exact: true }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]+\/prepare$/);
  const draftId = new URL(page.url()).pathname.split("/")[2]!;
  expect(draftId).not.toBe(doc.id);
  const draft = await getDocument(token, draftId);
  expect(draft).toMatchObject({ state: "draft", name: doc.name });
  expect(draft.recipients.map((r) => r.name).sort()).toEqual(doc.recipients.map((r) => r.name).sort());
  // The draft's own page says where it came from and offers to delete it.
  await openDocument(page, draft);
  await expect(page.getByRole("link", { name: "Corrected copy of an earlier document" })).toHaveAttribute("href", `/documents/${doc.id}`);
  await expect(page.getByRole("button", { name: "Delete draft", exact: true })).toBeVisible();
  await context.close();
});

test("Delete draft: behind a confirmation, then gone from the list; no reminders or PIN on a draft", async ({ browser }) => {
  const res = await api(`/public/v2/reusable_templates/${fx.templates.alice.id}/prepare_document`, {
    token,
    method: "POST",
    body: { name: `Actions ${tag} draft`, roles: [{ name: "Client", signer_name: "Dora Draft", signer_email: `dora.${tag}@ui.example` }], expires_in: 30 },
  });
  expect(res.status, res.text).toBe(200);
  const id = new URL(res.body.url).pathname.split("/")[2]!;
  const draft = { id, name: `Actions ${tag} draft` };
  const { page, context } = await open(browser);
  await openDocument(page, draft);
  await expect(page.getByRole("button", { name: /Send reminder/ })).toHaveCount(0);
  await expect(region(page, "PIN")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "document detail, draft");

  await page.getByRole("button", { name: "Delete draft", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this draft?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await getDocument(token, id)).state).toBe("draft");

  await page.getByRole("button", { name: "Delete draft", exact: true }).click();
  await dialog.getByRole("button", { name: "Delete draft", exact: true }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/documents");
  await expect(toast(page, "Draft deleted")).toBeVisible();
  await page.goto(`/documents?search=${encodeURIComponent(draft.name)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
  await expect(page.getByText(draft.name)).toHaveCount(0);
  expect((await api(`/public/v2/documents/${id}`, { token })).status).toBe(401);
  await context.close();
});

test("a pending document at desktop and phone size: every action reachable, nothing scrolls sideways; axe", async ({ browser }) => {
  const doc = await send("layout", { name: "Rita Remind", email: `rita.layout.${tag}@ui.example` });
  for (const size of ["desktop", "phone"] as const) {
    const { page, context } = await open(browser, size);
    await openDocument(page, doc);
    const rita = row(page, "Rita Remind");
    for (const name of ["Send reminder to Rita Remind", "Copy signing link for Rita Remind", "Edit Rita Remind"]) {
      await rita.getByRole("button", { name }).scrollIntoViewIfNeeded();
      await expect(rita.getByRole("button", { name })).toBeVisible();
      await expect(rita.getByRole("button", { name })).toBeInViewport();
    }
    await expect(page.getByRole("button", { name: /Void document/ })).toBeVisible();
    await expect(region(page, "PIN")).toBeVisible();
    await expect(page.getByTestId("reminders-left")).toBeVisible();
    await expect(page.getByRole("button", { name: "Correct and resend", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Delete draft", exact: true })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, `document detail, pending (${size})`);
    await context.close();
  }
});

test("an executed document: the gallery shows the signed pages, and no reminders, PIN, links or edits are offered", async ({ browser }) => {
  test.setTimeout(180_000);
  const doc = await send("executed");
  expect((await submitAs(recipient(doc, "Client"), clientValues(doc))).status).toBe(200);
  expect((await submitAs(recipient(doc, "Manager"), managerValues(doc))).status).toBe(200);
  await waitForDocument(token, doc.id, (d) => !!d.signed_pdf_url, "signed_pdf_url", 120_000);
  // The signed pages' images are made just after the signed PDF is recorded (signed_pdf_url never waits for them).
  // (/ext answers the dashboard's own tokens, not alice's application token)
  const { alice: ext } = await tokensFor(["alice"], { dashboard: true });
  await expect
    .poll(async () => ((await api(`/ext/documents/${doc.id}/overview`, { token: ext })).body.document?.signed_page_image_urls ?? []).length, { timeout: 60_000 })
    .toBe(2);

  for (const size of ["desktop", "phone"] as const) {
    const { page, context } = await open(browser, size);
    await openDocument(page, doc);
    const pages = region(page, "Pages");
    await expect(pages).toContainText("As signed");
    const image = pages.getByRole("img", { name: `${doc.name}, signed page 1 of 2` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await image.getAttribute("src")).toContain("signed-pages");
    await expect(page.getByRole("button", { name: /Send reminder|Copy signing link|^Edit|Void document|Correct and resend/ })).toHaveCount(0);
    await expect(region(page, "PIN")).toHaveCount(0);
    await expect(region(page, "Tags")).toBeVisible();
    await expectNoSidewaysScroll(page);
    if (size === "desktop") await expectNoSeriousA11yViolations(page, "document detail, executed with signed pages");
    await context.close();
  }
});

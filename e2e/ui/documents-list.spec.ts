// The documents list (issue 13, point 7, first half) as alice in Chromium:
// sortable columns both ways (order checked, aria-sort, in the URL), human
// state labels and the "Waiting for …" hint, the "Needs my signature" view
// with its Sign link, row actions (download, remind, copy link), bulk
// remind / tag / void on selected rows with the per-document results, the
// disabled look of buttons; at desktop and phone size, with axe.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { api, tokenFor } from "../api/helpers";
import { clientValues, getDocument, managerValues, recipient, submitAs, waitForDocument, type Doc } from "../api/support/signing-calls";
import { loadFixtures } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./support/accessibility";
import { aliceToken, runTag, sendFromAliceTemplate } from "./support/alice-documents";
import { saveDashboardSession, settled, toast } from "./support/dashboard-sign-in";

const fx = loadFixtures();
const alice = fx.users.alice;
const tag = runTag();
const marker = `list${tag}`;
const bulkMarker = `bulk${tag}`;
const session = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "documents-list-")), "alice.json");
const PHONE = { width: 390, height: 844 };

let token: string;
/** The sorted set: made in this order (so sent dates grow), names in mixed case, expiries out of order. */
const sorted: Record<"charlie" | "alpha" | "bravo" | "delta" | "echo", Doc> = {} as never;
let bulk: Doc[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  token = await aliceToken();
  const make = async (name: string, expiresIn: number, tags: Record<string, string>) =>
    getDocument(token, (await sendFromAliceTemplate(fx, token, name, undefined, { expires_in: expiresIn, tags })).id);
  sorted.charlie = await make(`List ${tag} Charlie`, 10, { "ui-list": marker });
  sorted.alpha = await make(`List ${tag} alpha`, 3, { "ui-list": marker });
  sorted.bravo = await make(`List ${tag} Bravo`, 20, { "ui-list": marker });
  sorted.delta = await make(`List ${tag} Delta`, 7, { "ui-list": marker });
  sorted.echo = await make(`List ${tag} echo`, 15, { "ui-list": marker });
  // Delta is completed (both sign), echo voided.
  expect((await submitAs(recipient(sorted.delta, "Client"), clientValues(sorted.delta))).status).toBe(200);
  expect((await submitAs(recipient(sorted.delta, "Manager"), managerValues(sorted.delta))).status).toBe(200);
  expect((await api(`/public/v2/documents/${sorted.echo.id}/void`, { token, method: "POST", body: { document: {} } })).status).toBe(200);
  sorted.delta = await waitForDocument(token, sorted.delta.id, (d) => Boolean(d.signed_pdf_url), "the signed PDF");
  bulk = [
    await make(`Bulk ${tag} one`, 30, { "ui-bulk": bulkMarker }),
    await make(`Bulk ${tag} two`, 30, { "ui-bulk": bulkMarker, batch: "old" }),
  ];
  await saveDashboardSession(browser, alice, session);
});

async function open(browser: Browser, size: "desktop" | "phone" = "desktop") {
  const context = await browser.newContext({ storageState: session, ...(size === "phone" ? { viewport: PHONE, isMobile: true, hasTouch: true } : {}) });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  return { page, context };
}

const listPath = (query = "") => `/documents?tags=${encodeURIComponent(`ui-list:${marker}`)}${query}`;
const bulkPath = () => `/documents?tags=${encodeURIComponent(`ui-bulk:${bulkMarker}`)}`;

async function goto(page: Page, to: string) {
  await page.goto(to);
  await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
  await settled(page);
}

const rows = (page: Page) => page.getByTestId("document-row");
const rowOf = (page: Page, doc: Doc) => page.locator(`[data-testid="document-row"][data-document-id="${doc.id}"]`);
/** The short names of the rows, in order ("alpha", "Bravo", …). */
const order = async (page: Page) => (await rows(page).locator('a[href^="/documents/"]').allInnerTexts()).map((t) => t.replace(`List ${tag} `, ""));
const header = (page: Page, name: string) => page.getByRole("columnheader", { name, exact: true });

test("state labels in words, and whom a pending document waits for", async ({ browser }) => {
  const { page, context } = await open(browser);
  await goto(page, listPath());
  await expect(rows(page)).toHaveCount(5);
  await expect(rowOf(page, sorted.alpha)).toContainText("Waiting for signatures");
  await expect(rowOf(page, sorted.alpha).getByTestId("waiting-for")).toHaveText("Waiting for Rita Remind");
  await expect(rowOf(page, sorted.delta)).toContainText("Completed");
  await expect(rowOf(page, sorted.delta).getByTestId("waiting-for")).toHaveCount(0);
  await expect(rowOf(page, sorted.echo)).toContainText("Voided");
  // The state filter speaks the same words.
  await expect(page.getByRole("checkbox", { name: "Waiting for signatures" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Completed" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "documents list with labels");
  await context.close();
});

test("every sortable column sorts both ways, in the URL, with aria-sort", async ({ browser }) => {
  const { page, context } = await open(browser);
  await goto(page, listPath());
  // The spec's order first: newest first.
  expect(await order(page)).toEqual(["echo", "Delta", "Bravo", "alpha", "Charlie"]);
  const cases: [string, string, string[], string[]][] = [
    // header, sort key, first click (its natural direction), second click
    ["Document", "name", ["alpha", "Bravo", "Charlie", "Delta", "echo"], ["echo", "Delta", "Charlie", "Bravo", "alpha"]],
    ["Sent", "sent_at", ["echo", "Delta", "Bravo", "alpha", "Charlie"], ["Charlie", "alpha", "Bravo", "Delta", "echo"]],
    ["Expires", "expired_at", ["Bravo", "echo", "Charlie", "Delta", "alpha"], ["alpha", "Delta", "Charlie", "echo", "Bravo"]],
    // pending (newest first), completed, voided
    ["State", "state", ["Bravo", "alpha", "Charlie", "Delta", "echo"], ["echo", "Delta", "Bravo", "alpha", "Charlie"]],
  ];
  for (const [name, key, first, second] of cases) {
    await header(page, name).getByRole("button").click();
    await expect(page).toHaveURL((u) => u.searchParams.get("sort") === key);
    const firstDirection = key === "name" || key === "state" ? "ascending" : "descending";
    await expect(header(page, name)).toHaveAttribute("aria-sort", firstDirection);
    await expect.poll(() => order(page), `${name} ${firstDirection}`).toEqual(first);
    await header(page, name).getByRole("button").click();
    await expect(header(page, name)).toHaveAttribute("aria-sort", firstDirection === "ascending" ? "descending" : "ascending");
    await expect.poll(() => order(page), `${name} reversed`).toEqual(second);
    // Only the sorted column says so.
    for (const other of ["Document", "Sent", "Expires", "State"].filter((h) => h !== name)) await expect(header(page, other)).toHaveAttribute("aria-sort", "none");
  }
  // The sort survives a reload and a new filter.
  await page.reload();
  await expect.poll(() => order(page)).toEqual(["echo", "Delta", "Bravo", "alpha", "Charlie"]);
  await page.getByRole("checkbox", { name: "Waiting for signatures" }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("sort") === "state" && u.searchParams.get("direction") === "desc");
  await expect.poll(() => order(page)).toEqual(["Bravo", "alpha", "Charlie"]);
  await expectNoSeriousA11yViolations(page, "documents list sorted");
  await context.close();
});

test("row actions: download the signed PDF, remind whoever it waits for, copy their signing link", async ({ browser }) => {
  const { page, context } = await open(browser);
  await goto(page, listPath());
  // Completed: the signed PDF, and nothing to remind.
  const download = rowOf(page, sorted.delta).getByRole("link", { name: `Download the signed PDF of ${sorted.delta.name}` });
  await expect(download).toBeVisible();
  const pdf = await page.request.get((await download.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expect(rowOf(page, sorted.delta).getByRole("button", { name: /Remind/ })).toHaveCount(0);
  await expect(rowOf(page, sorted.echo).getByTestId("row-actions")).toBeEmpty();

  // Pending: remind the Client (her turn), copy her link.
  const pending = rowOf(page, sorted.charlie);
  await expect(pending.getByRole("link", { name: /Download/ })).toHaveCount(0);
  await pending.getByRole("button", { name: `Remind Rita Remind about ${sorted.charlie.name}` }).click();
  await expect(toast(page, "Reminder sent to Rita Remind.")).toBeVisible();
  const audits = (await getDocument(token, sorted.charlie.id)).audits.map((a) => a.metadata.keyword);
  expect(audits).toContain("reminder_sent");
  await pending.getByRole("button", { name: "Copy signing link for Rita Remind" }).click();
  await expect(pending.getByRole("button", { name: /Link copied/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recipient(sorted.charlie, "Client").sign_url);

  // The row actions get an extract of each document (row-actions-document.ts): the page carries no
  // audit trail, page images, file or reminder addresses of the listed documents.
  const html = await (await page.request.get(listPath())).text();
  expect(html).toContain(sorted.charlie.name);
  for (const key of ["page_image_urls", "original_file_url", "audits", "remind_url", "merge_field_values"]) expect(html, key).not.toContain(key);
  await context.close();
});

test("bulk actions: select all on the page, remind, add and remove a tag, void with a reason; each document's result", async ({ browser }) => {
  const { page, context } = await open(browser);
  await goto(page, bulkPath());
  await expect(rows(page)).toHaveCount(2);
  const toolbar = page.getByRole("toolbar", { name: "Actions on selected documents" });
  const results = page.getByTestId("bulk-results");

  // Select all on the page, then unselect one.
  await page.getByRole("checkbox", { name: "Select all documents on this page" }).check();
  await expect(page.getByTestId("selection-count")).toHaveText("2 documents selected");
  await page.getByRole("checkbox", { name: `Select ${bulk[1]!.name}` }).uncheck();
  await expect(page.getByTestId("selection-count")).toHaveText("1 document selected");
  await page.getByRole("checkbox", { name: "Select all documents on this page" }).check();

  // Remind both.
  await toolbar.getByRole("button", { name: "Send reminders" }).click();
  await expect(results.getByRole("status")).toHaveText("2 documents reminded.");
  await expect(page.getByTestId("selection-count")).toHaveText("Select documents to act on several at once.");

  // Add a tag to both (the other tags stay; "two" had batch=old, now batch=q4).
  await page.getByRole("checkbox", { name: "Select all documents on this page" }).check();
  await toolbar.getByRole("button", { name: "Add tag" }).click();
  const tagDialog = page.getByRole("dialog", { name: "Add a tag to 2 documents" });
  await tagDialog.getByRole("button", { name: "Add tag" }).click();
  await expect(tagDialog.getByLabel("Tag name")).toHaveAttribute("aria-invalid", "true");
  await expect(tagDialog.getByText("Enter the tag's name.")).toBeVisible();
  await tagDialog.getByLabel("Tag name").fill("batch");
  await tagDialog.getByLabel("Value (optional)").fill("q4");
  await tagDialog.getByRole("button", { name: "Add tag" }).click();
  await expect(results.getByRole("status")).toHaveText("2 documents tagged.");
  for (const d of bulk) expect((await getDocument(token, d.id)).tags).toMatchObject({ "ui-bulk": bulkMarker, batch: "q4" });

  // Remove it from one; removing again says why nothing happened.
  for (const attempt of ["2 documents untagged.", "2 documents not untagged."]) {
    await page.getByRole("checkbox", { name: "Select all documents on this page" }).check();
    await toolbar.getByRole("button", { name: "Remove tag" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove a tag from 2 documents" });
    await dialog.getByLabel("Tag name").fill("batch");
    await dialog.getByRole("button", { name: "Remove tag" }).click();
    await expect(results.getByRole("status")).toHaveText(attempt);
  }
  // (in the rows' order: newest first)
  await expect(results.getByTestId("bulk-result")).toHaveText([`${bulk[1]!.name}: It has no tag “batch”.`, `${bulk[0]!.name}: It has no tag “batch”.`]);
  for (const d of bulk) {
    const tags = (await getDocument(token, d.id)).tags;
    expect(tags).toMatchObject({ "ui-bulk": bulkMarker });
    expect(tags).not.toHaveProperty("batch");
  }

  // Void: a reason is required, attached to its field; then both are voided, and told apart from what cannot be.
  await page.getByRole("checkbox", { name: "Select all documents on this page" }).check();
  await toolbar.getByRole("button", { name: "Void" }).click();
  const voidDialog = page.getByRole("dialog", { name: "Void 2 documents?" });
  await expectNoSeriousA11yViolations(page, "bulk void dialog");
  await voidDialog.getByRole("button", { name: "Void 2 documents" }).click();
  await expect(voidDialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await expect(voidDialog.getByRole("alert")).toContainText("Say why you void the document");
  await voidDialog.getByLabel("Reason").fill("Sent to the wrong client");
  await voidDialog.getByRole("button", { name: "Void 2 documents" }).click();
  await expect(results.getByRole("status")).toHaveText("2 documents voided.");
  for (const r of await rows(page).all()) await expect(r).toContainText("Voided");

  // Voided ones again, with a remind: each says why not.
  await page.getByRole("checkbox", { name: "Select all documents on this page" }).check();
  await toolbar.getByRole("button", { name: "Send reminders" }).click();
  await expect(results.getByRole("status")).toHaveText("2 documents not reminded.");
  await expect(results.getByTestId("bulk-result").first()).toContainText("It is voided: only documents waiting for signatures get reminders.");
  await expectNoSeriousA11yViolations(page, "documents list with bulk results");
  await context.close();
});

test("bulk void of a mixed selection: what was voided, and why the completed one was not", async ({ browser }) => {
  const { page, context } = await open(browser);
  await goto(page, listPath("&sort=name"));
  await page.getByRole("checkbox", { name: `Select ${sorted.delta.name}` }).check();
  await page.getByRole("checkbox", { name: `Select ${sorted.bravo.name}` }).check();
  await page.getByRole("toolbar", { name: "Actions on selected documents" }).getByRole("button", { name: "Void" }).click();
  const dialog = page.getByRole("dialog", { name: "Void 2 documents?" });
  await dialog.getByLabel("Reason").fill("Replaced by a new version");
  await dialog.getByRole("button", { name: "Void 2 documents" }).click();
  const results = page.getByTestId("bulk-results");
  await expect(results.getByRole("status")).toHaveText("1 document voided, 1 document not voided.");
  await expect(results.getByTestId("bulk-result")).toHaveText([`${sorted.delta.name}: It is completed: only drafts and documents waiting for signatures can be voided.`]);
  await expect(rowOf(page, sorted.bravo)).toContainText("Voided");
  await expect(rowOf(page, sorted.delta)).toContainText("Completed");
  await context.close();
});

test("Needs my signature: documents whose turn it is for alice, with a Sign link to her signing page", async ({ browser }) => {
  // carol (alice's teammate) sends one to alice, and one where alice signs second.
  const carol = (await tokenFor("carol")).access_token;
  const sendAs = async (name: string, roles: unknown[]) => {
    const res = await api(`/public/v2/reusable_templates/${fx.templates.carol.id}/send_document`, { token: carol, method: "POST", body: { name, roles, expires_in: 30 } });
    expect(res.status, res.text).toBe(200);
    return res.body.document as Doc;
  };
  const now = await sendAs(`To sign ${tag} now`, [{ name: "Client", signer_name: alice.name, signer_email: alice.email }]);
  const later = await sendAs(`To sign ${tag} later`, [
    { name: "Client", signer_name: "Fay First", signer_email: "fay.first@ui.example" },
    { name: "Manager", signer_name: alice.name, signer_email: alice.email },
  ]);

  const { page, context } = await open(browser);
  await goto(page, "/documents");
  await page.getByRole("navigation", { name: "Document views" }).getByRole("link", { name: "Needs my signature" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("view") === "to_sign");
  await expect(page.getByRole("link", { name: "Needs my signature" })).toHaveAttribute("aria-current", "page");
  const toSign = page.getByTestId("to-sign-row");
  await expect(toSign.filter({ hasText: now.name })).toContainText(fx.users.carol.name);
  await expect(toSign.filter({ hasText: later.name })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "needs my signature");

  await toSign.filter({ hasText: now.name }).getByRole("link", { name: `Sign ${now.name}` }).click();
  await expect(page).toHaveURL((u) => u.pathname === `/sign/${recipient(now, "Client").id}` && u.searchParams.has("access_token"));
  await expect(page.getByRole("heading", { name: now.name })).toBeVisible();
  await expect(page.getByText("This signing link is not valid")).toHaveCount(0);
  await context.close();
});

test("Needs my signature is empty with a way back when nothing waits", async ({ browser }) => {
  // dave has no documents to sign.
  const file = path.join(path.dirname(session), "dave.json");
  await saveDashboardSession(browser, fx.users.dave, file);
  const context = await browser.newContext({ storageState: file });
  const page = await context.newPage();
  await goto(page, "/documents?view=to_sign");
  await expect(page.getByText("Nothing needs your signature.")).toBeVisible();
  await expect(page.getByRole("link", { name: "All documents" })).toHaveCount(2); // the tab, and the way back under the message
  await context.close();
});

/** Computed look of a button: the disabled one must differ from the enabled one. */
const look = (b: Locator) =>
  b.evaluate((el) => {
    const s = getComputedStyle(el);
    return { cursor: s.cursor, background: s.backgroundColor, color: s.color, shadow: s.boxShadow };
  });

test("disabled buttons look disabled (cursor, fill, text), in each variant", async ({ browser }) => {
  const { page, context } = await open(browser);
  await goto(page, listPath());
  const toolbar = page.getByRole("toolbar", { name: "Actions on selected documents" });
  const secondary = toolbar.getByRole("button", { name: "Add tag" });
  const danger = toolbar.getByRole("button", { name: "Void" });
  await expect(secondary).toBeDisabled();
  await expect(danger).toBeDisabled();
  const [secondaryOff, dangerOff] = [await look(secondary), await look(danger)];
  await page.getByRole("checkbox", { name: "Select all documents on this page" }).check();
  await expect(secondary).toBeEnabled();
  await page.waitForTimeout(400); // (the buttons' colour transition)
  const [secondaryOn, dangerOn] = [await look(secondary), await look(danger)];
  for (const [off, on] of [
    [secondaryOff, secondaryOn],
    [dangerOff, dangerOn],
  ] as const) {
    expect(off.cursor).toBe("not-allowed");
    expect(on.cursor).not.toBe("not-allowed");
    expect(off.background).not.toBe(on.background);
    expect(off.color).not.toBe(on.color);
  }
  // A primary one: Apply filters is never disabled, so compare against a disabled copy of the same button.
  const primary = page.getByRole("button", { name: "Apply filters" });
  const primaryOn = await look(primary);
  await primary.evaluate((el) => el.setAttribute("disabled", ""));
  await page.waitForTimeout(400);
  const primaryOff = await look(primary);
  expect(primaryOff.cursor).toBe("not-allowed");
  expect(primaryOff.background).not.toBe(primaryOn.background);
  await context.close();
});

test("phone: no sideways scrolling, sort from a menu, actions and the bulk toolbar within reach", async ({ browser }) => {
  const { page, context } = await open(browser, "phone");
  await goto(page, listPath());
  const wide = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(wide.scroll, "the page scrolls sideways").toBeLessThanOrEqual(wide.width);
  // Nor does the table inside its own box: three columns (select, document with its state and dates, actions).
  const tableBox = page.getByRole("group", { name: "Documents", exact: true });
  expect(await tableBox.evaluate((el) => el.scrollWidth - el.clientWidth), "the table scrolls sideways").toBeLessThanOrEqual(1);
  await expect(rowOf(page, sorted.alpha)).toContainText("Waiting for Rita Remind");
  // The date headers are hidden here: the sort is a menu.
  await expect(header(page, "Sent")).toBeHidden();
  await page.getByLabel("Sort by").selectOption({ label: "Name: A to Z" });
  await expect(page).toHaveURL((u) => u.searchParams.get("sort") === "name");
  await expect.poll(() => order(page)).toEqual(["alpha", "Bravo", "Charlie", "Delta", "echo"]);
  await page.getByLabel("Sort by").selectOption({ label: "Expires: soonest first" });
  await expect.poll(() => order(page)).toEqual(["alpha", "Delta", "Charlie", "echo", "Bravo"]);
  // Each row keeps its dates and its actions.
  await expect(rowOf(page, sorted.alpha)).toContainText("expires");
  const toolbar = page.getByRole("toolbar", { name: "Actions on selected documents" });
  const voidBox = await toolbar.getByRole("button", { name: "Void" }).boundingBox();
  expect(voidBox && voidBox.x + voidBox.width, "the toolbar's last button is within the screen's width").toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page, "documents list on a phone");
  await page.goto("/documents?view=to_sign");
  await settled(page);
  const again = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(again.scroll, "needs my signature scrolls sideways").toBeLessThanOrEqual(again.width);
  await expectNoSeriousA11yViolations(page, "needs my signature on a phone");
  await context.close();
});

// The dashboard's documents screens in a real browser, signed in as alice
// through /signin: the list with its filters in the URL, and a pending
// document's detail page with every action a sender has on it.
import { expect, test, type Page } from "@playwright/test";
import { startCallbackReceiver } from "../api/support/callback-receiver";
import { loadFixtures } from "./fixtures";
import { aliceToken, runTag, sendFromAliceTemplate, type SentDocument } from "./support/alice-documents";
import { signInToDashboard, toast } from "./support/dashboard-sign-in";

const fx = loadFixtures();
const alice = fx.users.alice;
const tag = runTag();
let docs: Record<"remind" | "edit" | "void", SentDocument>;

test.describe.configure({ mode: "serial" });

let page: Page;

test.beforeAll(async ({ browser }) => {
  const token = await aliceToken();
  docs = {
    remind: await sendFromAliceTemplate(fx, token, `UI ${tag} remind`),
    edit: await sendFromAliceTemplate(fx, token, `UI ${tag} edit`),
    void: await sendFromAliceTemplate(fx, token, `UI ${tag} void`),
  };
  page = await browser.newPage();
});

test.afterAll(async () => page?.close());

const region = (name: string) => page.getByRole("region", { name, exact: true });

/** Closes the notifications, so the next assertion on one cannot be met by an older one. */
async function dismissToasts() {
  for (const button of await page.getByRole("button", { name: "Dismiss notification" }).all()) await button.click();
}

/** The tags editor's rows as sorted "name=value" strings. */
async function tagPairs() {
  const values = (label: string) => region("Tags").getByLabel(label, { exact: true }).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const [names, vals] = [await values("Name"), await values("Value")];
  return names.map((n, i) => `${n}=${vals[i]}`).sort();
}

async function openDocument(doc: SentDocument) {
  await page.goto(`/documents/${doc.id}`);
  await expect(page.getByRole("heading", { level: 1, name: doc.name })).toBeVisible();
}

test("signing in through /signin leads to the documents list", async () => {
  await signInToDashboard(page, alice, "/documents");
  await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
  await expect(page.getByTestId("signed-in-user")).toHaveText(alice.name);
  await expect(page.getByTestId("document-row").first()).toBeVisible();
});

test("search, state and template filters live in the URL", async () => {
  await page.goto("/documents");
  await page.getByLabel("Search", { exact: true }).fill(tag);
  await page.getByRole("checkbox", { name: "Waiting for signatures" }).check();
  await page.getByRole("checkbox", { name: "Draft", exact: true }).check();
  // (carol, in the same account, has a template of the same name: choose by id.)
  await page.getByLabel("Template").selectOption(fx.templates.alice.id);
  await page.getByRole("button", { name: "Apply filters" }).click();

  await expect(page).toHaveURL((u) => u.searchParams.get("search") === tag && u.searchParams.getAll("state").join() === "draft,pending");
  expect(new URL(page.url()).searchParams.get("template_id")).toBe(fx.templates.alice.id);
  const rows = page.getByTestId("document-row");
  await expect(rows).toHaveCount(3);
  for (const d of Object.values(docs)) await expect(rows.filter({ hasText: d.name })).toContainText("Waiting for signatures");
  await expect(rows.first()).toContainText("0/2 signed");
  // The filters survive a reload: they are read back from the URL.
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Waiting for signatures" })).toBeChecked();
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue(tag);

  // Only voided ones with this tag: none yet, and the list says so.
  await page.getByRole("checkbox", { name: "Waiting for signatures" }).uncheck();
  await page.getByRole("checkbox", { name: "Draft", exact: true }).uncheck();
  await page.getByRole("checkbox", { name: "Voided", exact: true }).check();
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No documents match these filters.")).toBeVisible();
  await expect(page).toHaveURL(/state=voided/);
});

test("paging keeps the filters and moves through the pages", async () => {
  await page.goto(`/documents?search=${tag}&per_page=2`);
  await expect(page.getByTestId("document-row")).toHaveCount(2);
  const pages = page.getByRole("navigation", { name: "Documents pages" });
  await expect(pages).toContainText("Page 1 of 2");
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("page") === "2" && u.searchParams.get("per_page") === "2" && u.searchParams.get("search") === tag);
  await expect(page.getByTestId("document-row")).toHaveCount(1);
});

test("a reminder goes to the signer whose turn it is, and the count goes down", async () => {
  await openDocument(docs.remind);
  const recipients = region("Recipients");
  await expect(page.getByTestId("reminders-left")).toHaveText("30 of 30 reminders left");
  // The Manager signs second: not their turn, so the button says why it is disabled.
  const manager = recipients.getByTestId("recipient-row").filter({ hasText: "Morgan Manager" });
  await expect(manager.getByRole("button", { name: /Send reminder/ })).toBeDisabled();
  await expect(manager).toContainText("Not their turn yet: waiting for Rita Remind.");

  await recipients.getByRole("button", { name: "Send reminder to Rita Remind" }).click();
  await expect(toast(page, "Reminder sent to Rita Remind")).toBeVisible();
  await expect(page.getByTestId("reminders-left")).toHaveText("29 of 30 reminders left");
  await expect(region("Audit trail")).toContainText("sent a reminder to Rita Remind");
});

test("tags: an empty name is refused in human words at its row, then the tags are saved", async () => {
  await openDocument(docs.edit);
  const tags = region("Tags");
  await tags.getByRole("button", { name: "Add tag" }).click();
  await tags.getByLabel("Value").last().fill("no name");
  await tags.getByRole("button", { name: "Save tags" }).click();
  await expect(tags.getByRole("alert")).toHaveText("Every tag needs a name. Type one, or remove the row.");
  await expect(tags.getByLabel("Name").last()).toHaveAttribute("aria-invalid", "true");

  await tags.getByLabel("Name").last().fill("ui-run");
  await tags.getByLabel("Value").last().fill(tag);
  // Change the tag the template gave the document.
  await tags.getByLabel("Value").first().fill("marketing");
  await tags.getByRole("button", { name: "Save tags" }).click();
  await expect(toast(page, "Tags saved")).toBeVisible();
  await expect(tags.getByRole("alert")).toHaveCount(0);

  await page.reload();
  // (The API answers tags in its own key order, so compare as sets.)
  await expect.poll(() => tagPairs()).toEqual([`department=marketing`, `ui-run=${tag}`]);
  // Remove a row and save: update_tags replaces them all.
  await dismissToasts();
  await tags.getByRole("button", { name: "Remove tag ui-run" }).click();
  await tags.getByRole("button", { name: "Save tags" }).click();
  await expect(toast(page, "Tags saved")).toBeVisible();
  await page.reload();
  await expect.poll(() => tagPairs()).toEqual(["department=marketing"]);
});

test("share list: an invalid address is refused in human words at its row, then the list is saved", async () => {
  await openDocument(docs.edit);
  const share = region("Shared with");
  await expect(share).toContainText("Not shared with anyone.");
  await share.getByRole("button", { name: "Add address" }).click();
  await share.getByLabel("E-mail address 1").fill("not-an-email");
  await share.getByRole("button", { name: "Save share list" }).click();
  await expect(share.getByRole("alert")).toHaveText("“not-an-email” is not an e-mail address. Use the form name@example.com.");
  await expect(share.getByLabel("E-mail address 1")).toHaveAttribute("aria-invalid", "true");

  await share.getByLabel("E-mail address 1").fill("Reviewer@UI.example");
  await share.getByRole("button", { name: "Save share list" }).click();
  await expect(toast(page, "Share list saved")).toBeVisible();
  // The API stores addresses in lower case; the form shows what was saved.
  await expect(share.getByLabel("E-mail address 1")).toHaveValue("reviewer@ui.example");
  await expect(region("Audit trail")).toContainText("reviewer@ui.example");
});

test("PIN: five digits are required, then the PIN is set", async () => {
  await openDocument(docs.edit);
  const pin = region("PIN");
  await expect(pin).toContainText("No PIN is set.");
  await pin.getByLabel("PIN").fill("123");
  await pin.getByRole("button", { name: "Set PIN" }).click();
  await expect(pin.getByText("Enter a 5-digit PIN from 10000 to 99999.")).toBeVisible();

  await pin.getByLabel("PIN").fill("24680");
  await pin.getByRole("button", { name: "Set PIN" }).click();
  await expect(toast(page, "PIN set")).toBeVisible();
  await expect(pin).toContainText("Signers must enter a PIN to open this document.");
  await expect(pin.getByLabel("New PIN")).toHaveValue("");
});

test("void asks for confirmation, and only pending or draft documents offer it", async () => {
  await openDocument(docs.void);
  await page.getByRole("button", { name: "Void document" }).click();
  const dialog = page.getByRole("dialog", { name: "Void this document?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("pending", { exact: true }).first()).toBeVisible();

  await page.getByRole("button", { name: "Void document" }).click();
  // (the dialog asks why: e2e/ui/notification-settings.spec.ts checks that it insists)
  await dialog.getByLabel("Reason for voiding").fill("Sent by mistake.");
  await dialog.getByRole("button", { name: "Void document" }).click();
  await expect(toast(page, "Document voided")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Void document" })).toHaveCount(0);
  await expect(page.getByText("voided", { exact: true }).first()).toBeVisible();
  // A voided document offers no reminders (actions that cannot apply are not offered).
  await expect(region("Recipients").getByRole("button", { name: /Send reminder/ })).toHaveCount(0);
});

test("an executed document offers its files and no Void", async () => {
  await openDocument({ id: fx.documents.alice.executed, name: "Alice executed" });
  const downloads = region("Downloads");
  await expect(downloads.getByRole("link", { name: "Original file" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Void document" })).toHaveCount(0);
  await expect(region("Callback deliveries")).toContainText("No callbacks for this document.");
});

test("the callback delivery log shows every attempt, and Redeliver sends again", async () => {
  const receiver = await startCallbackReceiver();
  try {
    receiver.failFirst(1, 500);
    const token = await aliceToken();
    const doc = await sendFromAliceTemplate(fx, token, `UI ${tag} callbacks`, undefined, { callback_url: receiver.url("/ui-callbacks") });
    await openDocument(doc);
    const log = region("Callback deliveries");
    const created = log.getByTestId("callback-delivery").filter({ hasText: "created" });
    // The first attempt fails (500) and a retry is scheduled; the log polls while a delivery is pending.
    await expect(created).toContainText("1 attempt", { timeout: 20_000 });
    await created.getByText("Attempts").click();
    await expect(created).toContainText("HTTP 500");

    await created.getByRole("button", { name: "Redeliver the created callback" }).click();
    await expect(toast(page, "Callback queued for redelivery")).toBeVisible();
    await expect(created).toContainText("delivered", { timeout: 20_000 });
    await expect(created).toContainText("HTTP 200");
    expect(receiver.requests.filter((r) => r.path === "/ui-callbacks").length).toBeGreaterThanOrEqual(2);
  } finally {
    await receiver.close();
  }
});

test("an unknown document is the dashboard's not-found page, with a 404", async () => {
  const res = await page.goto("/documents/0123456789abcdef0123456789abcdef");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Document not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to documents" })).toBeVisible();
});

test("the tags filter keeps documents having every tag named (name:value, or name for any value)", async () => {
  // Documents of this test alone, made after the tests that count this run's documents by name.
  const token = await aliceToken();
  const marker = `tf${tag}`;
  const legal = await sendFromAliceTemplate(fx, token, `UI ${tag} tagged legal`, undefined, { tags: { department: "legal", region: "emea", "ui-filter": marker } });
  const sales = await sendFromAliceTemplate(fx, token, `UI ${tag} tagged sales`, undefined, { tags: { department: "sales", "ui-filter": marker } });
  const rows = page.getByTestId("document-row");
  const filterBy = async (tags: string) => {
    await page.getByLabel("Tags", { exact: true }).fill(tags);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get("tags") === tags);
  };

  await page.goto("/documents");
  await filterBy(`ui-filter:${marker}, department:legal`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(legal.name);

  await filterBy(`ui-filter:${marker}`);
  await expect(rows).toHaveCount(2);
  await filterBy(`ui-filter:${marker},region`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(legal.name);
  await filterBy(`ui-filter:${marker},department:sales`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(sales.name);
  // The filter is read back from the URL.
  await page.reload();
  await expect(page.getByLabel("Tags", { exact: true })).toHaveValue(`ui-filter:${marker},department:sales`);

  // A filter the API cannot read is explained in the dashboard's words (never the API's sentence).
  await filterBy(":legal");
  await expect(page.getByRole("alert").filter({ hasText: '":legal" names no tag' })).toBeVisible();
  await expect(page.getByText(/Bad input parameter/)).toHaveCount(0);
});

// The template screens as a sender uses them: the list (search and paging in
// the URL), a template's detail with its tags manager, sending with merge
// fields, embedding with the iframe preview, prepare, and deletion.
import { expect, test, type Page } from "@playwright/test";
import { loadFixtures } from "./fixtures";
import { gotoDashboard, signInToDashboard, toast } from "./support/dashboard-sign-in";

const fx = loadFixtures();
const alice = fx.users.alice;
const templates = fx.templates as typeof fx.templates & Record<"aliceForDashboard", { id: string; name: string }>;
const main = templates.alice;
const own = templates.aliceForDashboard;

async function open(page: Page, path: string) {
  await signInToDashboard(page, alice, path);
}

const role = (page: Page, name: string) => page.getByRole("listitem", { name: `Role ${name}` });

test("templates list: search and paging live in the URL, with thumbnails and an empty state", async ({ page }) => {
  await open(page, "/templates");
  await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
  // (carol, in alice's account, has a template of the same name: cards are told apart by address)
  const card = page.locator(`a[href="/templates/${main.id}"]`);
  await expect(card).toBeVisible();
  // The thumbnail is a real image that loaded.
  await expect.poll(() => card.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.getByLabel("Search templates").fill("dashboard tags");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/templates\?search=dashboard\+tags$/);
  await expect(page.locator(`a[href="/templates/${own.id}"]`)).toBeVisible();
  await expect(card).toHaveCount(0);

  await gotoDashboard(page, "/templates?search=no-such-template-anywhere");
  await expect(page.getByText("No templates match this search.")).toBeVisible();

  // One per page: "Next" moves the page number in the URL.
  await gotoDashboard(page, "/templates?per_page=1");
  await expect(page.getByRole("list", { name: "Templates" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/per_page=1&page=2/);
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
});

test("template detail: roles, merge fields, pages, and the four tag operations with errors in place", async ({ page }) => {
  await open(page, `/templates/${own.id}`);
  await expect(page.getByRole("heading", { name: own.name, level: 1 })).toBeVisible();
  const roles = page.getByRole("region", { name: "Roles" });
  await expect(roles.getByRole("cell", { name: "Client", exact: true })).toBeVisible();
  await expect(roles.getByText("Morgan Manager <morgan@manager.example>")).toBeVisible();
  const merge = page.getByRole("region", { name: "Merge fields" });
  await expect(merge.getByRole("cell", { name: "Customer Name" })).toBeVisible();
  await expect(merge.getByRole("cell", { name: "Start Date" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Page \d of / })).toHaveCount(2);

  const tags = page.getByRole("region", { name: "Tags" });
  const list = tags.getByRole("list", { name: "Template tags" });
  await expect(list.getByText("department = sales")).toBeVisible();

  // Add, then update (PATCH keeps the others).
  await tags.getByLabel("Tag name").fill("region");
  await tags.getByLabel("Tag value").fill("emea");
  await tags.getByRole("button", { name: "Save tag" }).click();
  await expect(toast(page, 'Tag "region" saved')).toBeVisible();
  await expect(list.getByText("region = emea")).toBeVisible();
  await tags.getByLabel("Tag name").fill("region");
  await tags.getByLabel("Tag value").fill("apac");
  await tags.getByRole("button", { name: "Save tag" }).click();
  await expect(list.getByText("region = apac")).toBeVisible();
  await expect(list.getByText("department = sales")).toBeVisible();

  // An empty name is refused where it was typed.
  await tags.getByLabel("Tag value").fill("orphan");
  await tags.getByRole("button", { name: "Save tag" }).click();
  await expect(tags.getByRole("alert")).toContainText("must not be empty");

  // Delete one.
  await tags.getByRole("button", { name: "Delete tag department" }).click();
  await expect(toast(page, 'Tag "department" deleted')).toBeVisible();
  await expect(list.getByText("department = sales")).toHaveCount(0);

  // Replace all.
  await tags.getByRole("button", { name: "Edit all tags" }).click();
  await tags.getByRole("button", { name: "Remove row 1" }).click();
  await tags.getByRole("button", { name: "Add row" }).click();
  await tags.getByLabel("Name of tag 1").fill("stage");
  await tags.getByLabel("Value of tag 1").fill("final");
  await tags.getByRole("button", { name: "Replace all tags" }).click();
  await expect(toast(page, "All tags replaced")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText("stage = final")).toBeVisible();

  // List: a reload of the page and Refresh both read the tags back.
  await tags.getByRole("button", { name: "Refresh" }).click();
  await expect(toast(page, "Tags reloaded")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("list", { name: "Template tags" }).getByText("stage = final")).toBeVisible();
});

test("send from a template: merge fields by name, the API's refusal next to the signers, then the document", async ({ page }) => {
  await open(page, `/templates/${main.id}/send`);
  const docName = `UI merge send ${Date.now()}`;
  await page.getByLabel("Document name").fill(docName);
  await role(page, "Client").getByLabel("Client: signer name").fill("Casey Client");
  await page.getByLabel("Customer Name").fill("Casey Holdings Ltd");
  await page.getByLabel("Start Date").fill("2026-12-01");
  await page.getByLabel("Expires after (days)").fill("14");

  // No e-mail for Client: the schema allows it, the API does not (a signer who is e-mailed needs an address).
  await page.getByRole("button", { name: "Send document" }).click();
  const signers = page.getByRole("group", { name: "Signers" });
  await expect(signers.getByRole("alert")).toContainText('The role "Client" needs an e-mail address.');
  await expect(toast(page, "The document was not sent")).toBeVisible();

  // A client-side check with the same schema: a PIN must have 5 digits.
  await page.getByLabel("PIN (optional)").fill("12");
  await role(page, "Client").getByLabel("Client: e-mail").fill("casey@client.example");
  await page.getByRole("button", { name: "Send document" }).click();
  await expect(page.locator("#pin-error")).toHaveText("The PIN must be a whole number from 10000 to 99999.");
  await page.getByLabel("PIN (optional)").fill("");

  await page.getByRole("button", { name: "Send document" }).click();
  await expect(toast(page, `"${docName}" sent for signature`)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: docName })).toBeVisible();
});

test("after an API refusal, typing in another control stays there: the focus moves to the refused control only if the person has not gone on", async ({ page }) => {
  // The page's timers run on a clock the test holds, so the moment the focus would move comes exactly between two keystrokes.
  await page.clock.install();
  await open(page, `/templates/${main.id}/send`);
  await page.getByLabel("Document name").fill(`UI focus after refusal ${Date.now()}`);
  await role(page, "Client").getByLabel("Client: signer name").fill("Casey Client");
  await page.getByLabel("Customer Name").fill("Casey Holdings Ltd");
  await page.getByLabel("Start Date").fill("2026-12-01");
  await page.clock.pauseAt(Date.now() + 60_000);
  // Refused by the API (the Client has no e-mail address): the message goes next to the signers.
  await page.getByRole("button", { name: "Send document" }).click();
  await expect(page.getByRole("group", { name: "Signers" }).getByRole("alert")).toContainText('The role "Client" needs an e-mail address.');
  const pin = page.getByLabel("PIN (optional)");
  await pin.fill("12");
  await page.clock.runFor(500); // the moment the refused control would take the focus
  await page.keyboard.type("345");
  await expect(pin).toBeFocused();
  await expect(pin).toHaveValue("12345");
  await expect(role(page, "Client").getByLabel("Client: e-mail")).toHaveValue("");
  await page.clock.resume();
});

test("embed: sizes are checked, and each role's signing iframe is previewed live", async ({ page }) => {
  await open(page, `/templates/${main.id}/embed`);
  await page.getByLabel("Width (pixels)").fill("600");
  await page.getByRole("button", { name: "Create embedded document" }).click();
  await expect(page.locator("#api_embed_width-error")).toHaveText("The iframe must be at least 706 pixels wide.");
  // Embedding needs a signer name for every role (the API's "Signer Name is required").
  await page.getByLabel("Width (pixels)").fill("760");
  await page.getByLabel("Height (pixels)").fill("600");
  await page.getByRole("button", { name: "Create embedded document" }).click();
  await expect(page.getByRole("group", { name: "Signers" }).getByRole("alert")).toHaveText("Enter the name of every signer.");

  const docName = `UI embedded ${Date.now()}`;
  await page.getByLabel("Document name").fill(docName);
  await role(page, "Client").getByLabel("Client: signer name").fill("Erin Embedded");
  await page.getByLabel("Customer Name").fill("Embedded Co");
  await page.getByRole("button", { name: "Create embedded document" }).click();
  const previews = page.getByRole("region", { name: "Embedded signing preview" });
  await expect(previews).toBeVisible({ timeout: 20_000 });
  await expect(toast(page, /Embedded document .* created/)).toBeVisible();
  for (const name of ["Client", "Manager"]) {
    const frame = previews.locator(`iframe[title="Signing page for ${name}"]`);
    await expect(frame).toHaveAttribute("src", /\/sign\//);
    await expect(frame).toHaveAttribute("width", "760");
    await expect(frame).toHaveAttribute("height", "600");
  }
  // The frame really shows the signer's page (signer pages may be framed).
  const client = page.frameLocator('iframe[title="Signing page for Client"]');
  await expect(client.getByRole("heading", { name: docName })).toBeVisible({ timeout: 20_000 });
});

test("prepare: the draft opens in the builder", async ({ page }) => {
  await open(page, `/templates/${main.id}/send`);
  await page.getByLabel("Document name").fill("UI prepared draft");
  await role(page, "Client").getByLabel("Client: signer name").fill("Pat Prepared");
  await role(page, "Client").getByLabel("Client: e-mail").fill("pat@prepared.example");
  await page.getByRole("button", { name: "Prepare for review" }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}\/prepare$/, { timeout: 20_000 });
  await expect(page.getByLabel("Document name")).toHaveValue("UI prepared draft");
  await expect(page.getByLabel("Client: signer name")).toHaveValue("Pat Prepared");
  await expect(page.getByRole("button", { name: "Send for signature" })).toBeVisible();
});

test("delete a template: confirmation, then back to the list with a toast", async ({ page }) => {
  await open(page, `/templates/${own.id}`);
  await page.getByRole("button", { name: "Delete template" }).click();
  const dialog = page.getByRole("dialog", { name: `Delete “${own.name}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Delete template" }).click();
  await dialog.getByRole("button", { name: "Delete template" }).click();
  await expect(toast(page, `Template "${own.name}" deleted`)).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.locator(`a[href="/templates/${own.id}"]`)).toHaveCount(0);
  // Its address is now the dashboard's not-found page, with a 404 (e2e/ui/not-found.spec.ts covers the page itself).
  const gone = await page.goto(`/templates/${own.id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Template not found" })).toBeVisible();
});

test("phone-sized screen: the template screens and the upload wizard fit without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await open(page, "/templates");
  for (const path of ["/templates", `/templates/${main.id}`, `/templates/${main.id}/send`, `/templates/${main.id}/embed`, "/send"]) {
    await gotoDashboard(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
  }
  // The file picker is reached with the keyboard (the input itself is focusable, only visually hidden).
  const picker = page.getByLabel("Choose a file");
  await picker.focus();
  await expect(picker).toBeFocused();
});

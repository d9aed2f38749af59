// Issue 13, point 5: the dashboard never shows an API sentence. Every
// refusal is a human message at the control that caused it (marked
// aria-invalid, described by the message, focused) and leaves when the
// control is fixed: the tags, share and PIN forms of a document, the send and
// embed forms of a template, the upload wizard; sign-up reports every invalid
// field at once and keeps what was typed except the password.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { loadFixtures } from "./fixtures";
import { aliceToken, sendFromAliceTemplate, type SentDocument } from "./support/alice-documents";
import { gotoDashboard, signInToDashboard } from "./support/dashboard-sign-in";
import { expectNoSeriousA11yViolations } from "./support/accessibility";
import { taggedPdf } from "./support/sending-files";

const fx = loadFixtures();
const alice = fx.users.alice;
const API_SENTENCES = /Bad input parameter|Hash contains empty keys|shared_with contains|Signer Name is required|Embed width should|role name supplied|must be an integer between/;

let doc: SentDocument;
test.beforeAll(async () => {
  doc = await sendFromAliceTemplate(fx, await aliceToken(), `UI human errors ${Date.now()}`);
});

const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** The control is marked invalid, described by `message`, and has the focus. */
async function expectAttached(page: Page, control: Locator, message: string | RegExp) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await control.getAttribute("aria-describedby")) ?? "";
  expect(describedBy, "aria-describedby").not.toBe("");
  await expect(page.locator(`#${describedBy.split(" ")[0]}`)).toHaveText(message);
  await expect(control).toBeFocused();
}

async function expectNoApiSentence(page: Page) {
  await expect(page.locator("body")).not.toContainText(API_SENTENCES);
}

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`document forms (${viewport.name}): tags, share list and PIN say what is wrong at the control, and stop once fixed`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInToDashboard(page, alice, `/documents/${doc.id}`);

    // Tags: a row without a name.
    const tags = region(page, "Tags");
    await tags.getByRole("button", { name: "Add tag" }).click();
    await tags.getByLabel("Value").last().fill("no name");
    await tags.getByRole("button", { name: "Save tags" }).click();
    const tagName = tags.getByLabel("Name").last();
    await expectAttached(page, tagName, "Every tag needs a name. Type one, or remove the row.");
    await expect(tags.getByRole("alert")).toBeVisible();
    await tagName.fill("reviewed");
    await expect(tagName).not.toHaveAttribute("aria-invalid", "true");
    await expect(tags.getByRole("alert")).toHaveCount(0);

    // Share list: not an e-mail address.
    const share = region(page, "Shared with");
    await share.getByRole("button", { name: "Add address" }).click();
    const address = share.getByLabel("E-mail address 1");
    await address.fill("not-an-email");
    await share.getByRole("button", { name: "Save share list" }).click();
    await expectAttached(page, address, "“not-an-email” is not an e-mail address. Use the form name@example.com.");
    await address.fill("reviewer@human.example");
    await expect(address).not.toHaveAttribute("aria-invalid", "true");
    await expect(share.getByRole("alert")).toHaveCount(0);

    // PIN: not five digits.
    const pin = page.getByRole("textbox", { name: "PIN", exact: true });
    await pin.fill("123");
    await page.getByRole("button", { name: "Set PIN" }).click();
    await expectAttached(page, pin, "Enter a 5-digit PIN from 10000 to 99999.");
    await pin.fill("12345");
    await expect(pin).not.toHaveAttribute("aria-invalid", "true");

    await expectNoApiSentence(page);
    await expectNoSeriousA11yViolations(page, `document forms with errors (${viewport.name})`);
    if (viewport.width === 390) {
      // The forms, their messages included, fit the phone's width.
      for (const r of [tags, share]) {
        const box = (await r.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
    }
  });
}

test("template send and embed forms: the API's refusals in human words at their controls", async ({ page }) => {
  await signInToDashboard(page, alice, `/templates/${fx.templates.alice.id}/send`);
  await page.getByLabel("Client: signer name").fill("Nell Nomail");
  // No e-mail for the Client: the API refuses; the message is at the signers, in the dashboard's words.
  await page.getByRole("button", { name: "Send document" }).click();
  const signers = page.getByRole("group", { name: "Signers" });
  await expect(signers.getByRole("alert")).toHaveText('The role "Client" needs an e-mail address.');
  await expect(signers.locator("input:focus")).toHaveCount(1);
  // A PIN the schema refuses, at the PIN input.
  await page.getByLabel("PIN (optional)").fill("12");
  await page.getByLabel("Client: e-mail").fill("nell@human.example");
  await page.getByRole("button", { name: "Send document" }).click();
  await expect(page.locator("#pin-error")).toHaveText("The PIN must be a whole number from 10000 to 99999.");
  await expect(page.getByLabel("PIN (optional)")).toHaveAttribute("aria-invalid", "true");
  await expectNoApiSentence(page);

  // (after hydration: a click before it would submit the form natively)
  await gotoDashboard(page, `/templates/${fx.templates.alice.id}/embed`);
  await page.getByLabel("Width (pixels)").fill("600");
  await page.getByRole("button", { name: "Create embedded document" }).click();
  await expect(page.locator("#api_embed_width-error")).toHaveText("The iframe must be at least 706 pixels wide.");
  await page.getByLabel("Width (pixels)").fill("760");
  await page.getByRole("button", { name: "Create embedded document" }).click();
  await expect(page.getByRole("group", { name: "Signers" }).getByRole("alert")).toHaveText("Enter the name of every signer.");
  await expectNoApiSentence(page);
  await expectNoSeriousA11yViolations(page, "embed form with errors");
});

test("upload wizard: a tag without a name and a wrong e-mail are shown at their inputs in human words", async ({ page }) => {
  await signInToDashboard(page, alice, "/send");
  await page.getByLabel("Choose a file").setInputFiles(await taggedPdf("human-upload.pdf", []));
  const signer = page.getByRole("listitem", { name: "Signer 1" });
  await signer.getByLabel("Signer 1: name").fill("Wren Wrong");
  await signer.getByLabel("Signer 1: e-mail").fill("wren-at-nowhere");
  await page.getByRole("button", { name: "Upload and place fields" }).click();
  const email = signer.getByLabel("Signer 1: e-mail");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#roles-0-signer_email-error")).toHaveText("Signer 1’s e-mail address: enter a valid address, like name@example.com.");
  await expect(email).toBeFocused();
  await email.fill("wren@human.example");
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await expectNoApiSentence(page);
  await expect(page.getByTestId("upload-progress")).toHaveCount(0);
});

test("sign-up reports every invalid field at once and keeps what was typed, except the password", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill("   ");
  await page.getByLabel("Email").fill("kept-but-wrong@");
  await page.getByLabel("Password").fill("short");
  await page.getByLabel("Company").fill("Kept Company Ltd");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/signup\?/);
  const summary = page.getByTestId("signup-errors");
  await expect(summary).toContainText("3 fields need fixing: Name, Email, Password.");
  await expect(page.locator("#name-error")).toHaveText("Enter your name.");
  await expect(page.locator("#email-error")).toHaveText("Enter a valid e-mail address.");
  await expect(page.locator("#password-error")).toHaveText("Use at least 10 characters.");
  await expect(page.getByLabel("Email")).toHaveValue("kept-but-wrong@");
  await expect(page.getByLabel("Company")).toHaveValue("Kept Company Ltd");
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  for (const id of ["name", "email", "password"]) await expect(page.locator(`#${id}`)).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page, "sign-up with three errors");
});

// Issue 13 point 7 (second half) in a real browser: the archived list and
// its search, the editable profile (details, time zone used for the dates of
// the documents list and detail, password change, saved signature and
// initials) and the contacts autocomplete of the send form; axe on each new
// screen, desktop and phone width. Profile changes use an account made for
// this file (sign-up + confirmation), never a fixture user.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { loadFixtures } from "./fixtures";
import { aliceToken, runTag, sendFromAliceTemplate } from "./support/alice-documents";
import { signInToDashboard, settled, toast } from "./support/dashboard-sign-in";
import { expectNoSeriousA11yViolations } from "./support/accessibility";
import { drawOnCanvas, expectNoHorizontalScroll, sendTaggedDocument } from "./support/signing-ui";
import { applicationToken, freshAccount, type FreshAccount } from "../api/support/fresh-account";
import { freshAddress } from "../security/support/accounts";
import { formatDate, formatDateTime } from "../../components/dashboard/format";

const fx = loadFixtures();
const alice = fx.users.alice;
const tag = runTag();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 720 };

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  // A context of its own (not browser.newPage()): axe-core's checks need one.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  return { context, page: await context.newPage() };
}

test.describe("archived documents", () => {
  test.describe.configure({ mode: "serial" });
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    ({ context, page } = await newPage(browser));
    await signInToDashboard(page, alice, "/archived");
  });
  test.afterAll(async () => context?.close());

  const rows = () => page.getByTestId("archived-row");

  test("are listed with their signers, searchable by signer and name, and open by GUID", async () => {
    await expect(rows()).toHaveCount(3);
    await expect(page.getByText("3 archived documents.")).toBeVisible();
    await expect(rows().filter({ hasText: "Acme full legacy record" })).toContainText("First Signer");
    await expectNoSeriousA11yViolations(page, "archived list");

    // A signer's name (any case), then the words of a document name.
    await page.getByRole("searchbox", { name: "Search" }).fill("second signer");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get("q") === "second signer");
    await expect(rows()).toHaveCount(1);
    await expect(rows()).toContainText("Acme full legacy record");
    await page.getByRole("searchbox", { name: "Search" }).fill("legacy.signer@old.example");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(rows()).toHaveCount(2);
    await page.getByRole("searchbox", { name: "Search" }).fill("agreement acme");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(rows()).toHaveCount(1);

    // Opening one shows the record in full (the spec's lookup by GUID), with a way back.
    await rows().getByRole("link", { name: "Acme legacy agreement" }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get("guid") === fx.archived.alice.original_guid);
    await expect(page.getByRole("heading", { name: "Acme legacy agreement" })).toBeVisible();
    await expect(page.getByTestId("archived-signer")).toContainText("Legacy Signer");
    await page.getByRole("link", { name: "All archived documents" }).click();
    await expect(rows()).toHaveCount(3);
  });

  test("a search that finds nothing says so and keeps the words; the page fits a phone", async () => {
    await page.goto(`/archived?q=${encodeURIComponent(`no such thing ${tag}`)}`);
    await expect(page.getByText(`Nothing matches “no such thing ${tag}”.`)).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(`no such thing ${tag}`);
    await expectNoSeriousA11yViolations(page, "archived search without results");
    await page.setViewportSize(PHONE);
    try {
      await page.goto("/archived");
      await expect(rows()).toHaveCount(3);
      await expectNoHorizontalScroll(page);
      await page.goto(`/archived?guid=${(fx.archived as Record<string, { original_guid: string }>).aliceFull!.original_guid}`);
      await expect(page.getByRole("heading", { name: "Acme full legacy record" })).toBeVisible();
      await expectNoHorizontalScroll(page);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });
});

test.describe("profile", () => {
  test.describe.configure({ mode: "serial" });
  let who: FreshAccount;
  let doc: { id: string; name: string; sent_at: string };
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    who = await freshAccount(`${tag}-ui-profile`, "Uli Profile");
    const token = (await applicationToken(who)).access_token;
    const sent = await sendTaggedDocument(token, {
      name: `Zoned ${tag}`,
      tags: ["[[signature|Client]]"],
      roles: [{ name: "Client", signer_name: "Zoe Zone", signer_email: `zoe.${tag}@zone.example`, sequence: 0 }],
    });
    doc = { id: sent.id, name: sent.name, sent_at: String(sent.sent_at) };
    ({ context, page } = await newPage(browser));
    await signInToDashboard(page, { ...who, account: "Fresh" } as typeof alice, "/profile");
  });
  test.afterAll(async () => context?.close());

  test("shows the user's details in a form that saves them, with messages under the field", async () => {
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Uli Profile");
    await expect(page.getByLabel("Company")).toHaveValue("Fresh Ltd");
    await expect(page.getByLabel("E-mail")).toHaveValue(who.email);
    await expect(page.getByLabel("Time zone")).toHaveValue("");
    await expectNoSeriousA11yViolations(page, "profile");

    await page.getByLabel("Name", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Enter your name.")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Name", { exact: true }).fill("Uli Renamed");
    await page.getByLabel("Company").fill("Renamed Co");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(toast(page, "Profile saved")).toBeVisible();
    await page.reload();
    await settled(page);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Uli Renamed");
    await expect(page.getByLabel("Company")).toHaveValue("Renamed Co");
  });

  test("the time zone changes the dates of the documents list and detail", async () => {
    // A zone where the sending day differs from UTC's right now: 14 hours ahead late in the UTC day, 11 behind early in it.
    const zone = new Date(doc.sent_at).getUTCHours() >= 11 ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
    const utcDay = formatDate(doc.sent_at, "—", "UTC");
    const zonedDay = formatDate(doc.sent_at, "—", zone);
    expect(zonedDay).not.toBe(utcDay);

    await page.goto("/documents");
    await settled(page);
    await expect(page.getByRole("main")).toContainText(doc.name);
    await expect(page.getByRole("main")).toContainText(utcDay);
    await page.goto(`/documents/${doc.id}`);
    await expect(page.getByRole("main")).toContainText(formatDateTime(doc.sent_at, "—", "UTC"));

    await page.goto("/profile");
    await settled(page);
    await page.getByLabel("Time zone").selectOption(zone);
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(toast(page, "Profile saved")).toBeVisible();

    await page.goto("/documents");
    await settled(page);
    await expect(page.getByRole("main")).toContainText(zonedDay);
    await expect(page.getByRole("main")).not.toContainText(utcDay);
    await page.goto(`/documents/${doc.id}`);
    const zoned = formatDateTime(doc.sent_at, "—", zone);
    expect(zoned).toMatch(/GMT[+-]1[14]$/);
    await expect(page.getByRole("main")).toContainText(zoned);
    await expect(page.getByRole("main")).not.toContainText(formatDateTime(doc.sent_at, "—", "UTC"));
  });

  test("saves a typed signature and drawn initials, shown on the profile", async () => {
    await page.goto("/profile");
    await settled(page);
    const signature = page.getByTestId("saved-signature");
    await expect(signature).toContainText("No signature saved yet.");
    await signature.getByRole("button", { name: "Add signature" }).click();
    await signature.getByRole("tab", { name: "Type" }).click();
    await signature.getByLabel("Type your full name").fill("Uli Renamed");
    // Save turns enabled once the typed name is drawn (after the handwriting font loads): axe checks the settled
    // editor, not a button half-way through its fade from the disabled look (contrast 2.1–3.4 seen in CI).
    await expect(signature.getByRole("button", { name: "Save signature" })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, "profile, signature editor open");
    await signature.getByRole("button", { name: "Save signature" }).click();
    await expect(toast(page, "Signature saved")).toBeVisible();
    const img = signature.getByRole("img", { name: "Your saved signature" });
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(10);

    const initials = page.getByTestId("saved-initials");
    await initials.getByRole("button", { name: "Add initials" }).click();
    await expect(initials.getByRole("button", { name: "Save initials" })).toBeDisabled();
    // The disabled button says what is missing, for the open tab.
    await expect(initials.getByRole("button", { name: "Save initials" })).toHaveAccessibleDescription("Draw your initials first.");
    await initials.getByRole("tab", { name: "Upload" }).click();
    await expect(initials.getByRole("button", { name: "Save initials" })).toHaveAccessibleDescription("Choose an image first.");
    await initials.getByRole("tab", { name: "Draw" }).click();
    await drawOnCanvas(page, initials.locator("canvas"));
    await initials.getByRole("button", { name: "Save initials" }).click();
    await expect(toast(page, "Initials saved")).toBeVisible();
    await expect(initials.getByRole("img", { name: "Your saved initials" })).toBeVisible();

    // Still there after a reload (stored, not just shown).
    await page.reload();
    await expect(page.getByRole("img", { name: "Your saved signature" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Your saved initials" })).toBeVisible();
  });

  test("the profile fits a phone", async () => {
    await page.setViewportSize(PHONE);
    try {
      await page.goto("/profile");
      await settled(page);
      await expect(page.getByRole("button", { name: "Change password" })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page, "profile at phone width");
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  test("changing the password: a wrong current one is refused at the field; afterwards the old one is refused at sign-in", async () => {
    await page.goto("/profile");
    await settled(page);
    const next = `${who.password}-new`;
    await page.getByLabel("Current password").fill("definitely-not-it");
    await page.getByLabel("New password").fill(next);
    await page.getByRole("button", { name: "Change password" }).click();
    // Under the field that caused it (the toast says it too), and the field is marked.
    await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Current password")).toHaveAccessibleDescription("That is not your current password.");

    await page.getByLabel("Current password").fill(who.password);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(toast(page, "Password changed")).toBeVisible();
    await expect(page.getByText("Your password was changed.")).toBeVisible();
    // This session stays signed in.
    await page.goto("/documents");
    await expect(page).toHaveURL((u) => u.pathname === "/documents");

    // Another browser: the old password is refused, the new one signs in.
    const other = await page.context().browser()!.newContext({ storageState: { cookies: [], origins: [] }, extraHTTPHeaders: { "X-Forwarded-For": freshAddress() } });
    try {
      const p = await other.newPage();
      await p.goto("/signin?callbackUrl=%2Fdocuments");
      await expect(p).toHaveURL(/\/login\?/);
      await p.getByLabel("Email").fill(who.email);
      await p.getByLabel("Password").fill(who.password);
      await p.getByRole("button", { name: "Sign in" }).click();
      await expect(p.getByText("The e-mail or password is not correct.")).toBeVisible();
      await p.getByLabel("Email").fill(who.email);
      await p.getByLabel("Password").fill(next);
      await p.getByRole("button", { name: "Sign in" }).click();
      await expect(p).toHaveURL((u) => u.pathname === "/documents");
    } finally {
      await other.close();
    }
  });
});

test.describe("contacts", () => {
  let context: BrowserContext;
  let page: Page;
  const person = { name: `Quinn Contact ${tag}`, email: `quinn.${tag}@contacts.example` };
  test.beforeAll(async ({ browser }) => {
    await sendFromAliceTemplate(fx, await aliceToken(), `UI ${tag} contact`, person);
    ({ context, page } = await newPage(browser));
    await signInToDashboard(page, alice, `/templates/${fx.templates.alice.id}/send`);
  });
  test.afterAll(async () => context?.close());

  test("a recipient's name input suggests past recipients; picking one fills name and e-mail", async () => {
    const name = page.getByRole("combobox", { name: "Client: signer name" });
    await name.fill("");
    await name.pressSequentially(`quinn contact ${tag}`.slice(0, 14), { delay: 20 });
    const option = page.getByRole("option", { name: new RegExp(person.email.replace(/[.]/g, "\\.")) });
    await expect(option).toBeVisible();
    await expect(name).toHaveAttribute("aria-expanded", "true");
    await expectNoSeriousA11yViolations(page, "send form with contact suggestions open");
    // Typing more narrows to this run's person; the keyboard picks it.
    await name.pressSequentially(`quinn contact ${tag}`.slice(14), { delay: 10 });
    await expect(page.getByRole("option")).toHaveCount(1);
    await name.press("ArrowDown");
    await expect(page.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await name.press("Enter");
    await expect(name).toHaveValue(person.name);
    await expect(page.getByRole("combobox", { name: "Client: e-mail" })).toHaveValue(person.email);
    await expect(name).toHaveAttribute("aria-expanded", "false");

    // The e-mail input suggests too, by address; a click picks.
    const email = page.getByRole("combobox", { name: "Client: e-mail" });
    await email.fill("");
    await page.getByRole("combobox", { name: "Client: signer name" }).fill("");
    await email.click();
    await email.pressSequentially(`quinn.${tag}`, { delay: 10 });
    await page.getByRole("option", { name: new RegExp(tag) }).click();
    await expect(email).toHaveValue(person.email);
    await expect(page.getByRole("combobox", { name: "Client: signer name" })).toHaveValue(person.name);
  });
});

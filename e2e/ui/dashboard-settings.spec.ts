// The dashboard's other screens in a real browser, signed in as alice:
// archived lookup, profile, settings (API applications, callback secret,
// outbox), the phone-sized menu and keyboard entry, and signing out.
import { expect, test, type Page } from "@playwright/test";
import { loadFixtures } from "./fixtures";
import { aliceToken, runTag, sendFromAliceTemplate } from "./support/alice-documents";
import { signInToDashboard, toast } from "./support/dashboard-sign-in";
import { expectNoSeriousA11yViolations } from "./support/accessibility";

const fx = loadFixtures();
const alice = fx.users.alice;
const tag = runTag();

test.describe.configure({ mode: "serial" });

let page: Page;

test.beforeAll(async ({ browser }) => {
  // One e-mail of this run in the outbox: the signing request of a fresh document.
  await sendFromAliceTemplate(fx, await aliceToken(), `UI ${tag} outbox`, { name: "Otto Outbox", email: "otto.outbox@ui.example" });
  // A context of its own (not browser.newPage()): axe-core's checks need one.
  page = await (await browser.newContext()).newPage();
  await signInToDashboard(page, alice, "/archived");
});

test.afterAll(async () => page?.context().close());

const region = (name: string) => page.getByRole("region", { name, exact: true });

test("an archived document is looked up by its original GUID", async () => {
  await page.getByLabel("Original GUID", { exact: true }).fill(fx.archived.alice.original_guid);
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("guid") === fx.archived.alice.original_guid);
  await expect(page.getByRole("heading", { name: "Acme legacy agreement" })).toBeVisible();
  await expect(page.getByTestId("archived-signer")).toHaveCount(1);
  await expect(page.getByTestId("archived-signer")).toContainText("Legacy Signer");
  await expect(region("Audit trail")).toContainText("Signed by Legacy Signer");
  await expect(page.getByText("legacy: yes")).toBeVisible();

  // An unknown GUID: the API's message where the result would be, the form kept.
  await page.getByLabel("Original GUID", { exact: true }).fill("00000000-0000-4000-8000-000000000000");
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This archived document does not exist, or you do not have access to it." })).toBeVisible();
  await expect(page.getByLabel("Original GUID", { exact: true })).toHaveValue("00000000-0000-4000-8000-000000000000");
});

test("the profile shows the user as /me answers", async () => {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(alice.email);
  await expect(page.getByRole("main")).toContainText(alice.company);
  await expect(page.getByRole("heading", { name: alice.name })).toBeVisible();
});

test("an API application is created, its secret shown once, then deleted", async () => {
  await page.goto("/settings");
  const apps = region("API applications");
  const name = `UI app ${tag}`;
  await apps.getByLabel("Name").fill(name);
  await apps.getByLabel("Redirect URI").fill("not a url");
  await apps.getByRole("button", { name: "Create application" }).click();
  await expect(apps.getByText("must be an absolute http(s) URL.")).toBeVisible();

  await apps.getByLabel("Redirect URI").fill("https://ui.example/callback");
  await apps.getByRole("button", { name: "Create application" }).click();
  await expect(toast(page, `Application “${name}” created`)).toBeVisible();
  const secret = (await apps.getByTestId("client-secret").textContent())?.trim() ?? "";
  expect(secret.length).toBeGreaterThan(20);
  await expect(apps.getByText("It is shown only this once")).toBeVisible();
  const row = apps.getByTestId("application-row").filter({ hasText: name });
  await expect(row).toContainText((await apps.getByTestId("client-id").textContent())!.trim());

  // Once dismissed (or after a reload) the secret is nowhere on the page.
  await apps.getByRole("button", { name: "I have saved the secret" }).click();
  await expect(apps.getByTestId("client-secret")).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this application?" });
  await dialog.getByRole("button", { name: "Delete application" }).click();
  await expect(toast(page, `Application “${name}” deleted`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a private API token is created, shown once, listed with its times, works, and is revoked", async () => {
  await page.goto("/settings");
  const tokens = region("Private API tokens");
  const name = `UI token ${tag}`;
  await tokens.getByRole("button", { name: "Create token" }).click();
  await expect(tokens.getByText("must not be empty.")).toBeVisible();

  await tokens.getByLabel("Token name").fill(name);
  await tokens.getByLabel("Access").selectOption("read");
  await tokens.getByRole("button", { name: "Create token" }).click();
  await expect(toast(page, `Token “${name}” created`)).toBeVisible();
  const value = (await tokens.getByTestId("api-token-value").textContent())?.trim() ?? "";
  expect(value).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
  await expect(tokens.getByText("It is shown only this once")).toBeVisible();
  const row = tokens.getByTestId("api-token-row").filter({ hasText: name });
  await expect(row).toContainText("Read only");
  await expect(row).toContainText(value.slice(0, 8));
  await expect(row.getByTestId("api-token-last-used")).toHaveText("Never");
  // The shown-once panel and the table pass the same axe checks as every screen (accessibility.spec.ts).
  await expectNoSeriousA11yViolations(page, "settings: new API token");

  // The token works against the API (HTTP Basic, as the real service takes it), and the list shows the use.
  const me = await page.request.get("/public/v2/me", { headers: { Authorization: `Basic ${Buffer.from(value).toString("base64")}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).user.email).toBe(alice.email);

  // Once dismissed (or after a reload) the token is nowhere on the page.
  await tokens.getByRole("button", { name: "I have saved the token" }).click();
  await expect(tokens.getByTestId("api-token-value")).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row.getByTestId("api-token-last-used")).toContainText("UTC");
  expect(await page.content()).not.toContain(value);

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke this token?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, "settings: revoke token dialog");
  await dialog.getByRole("button", { name: "Revoke token" }).click();
  await expect(toast(page, `Token “${name}” revoked`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const after = await page.request.get("/public/v2/me", { headers: { Authorization: `Bearer ${value}` } });
  expect(after.status()).toBe(401);
  expect(await after.json()).toEqual({ error: "invalid_token" });
});

test("the callback secret is hidden until revealed, and rotating replaces it", async () => {
  await page.goto("/settings");
  const panel = region("Callback signing secret");
  const shown = panel.getByTestId("callback-secret");
  await expect(shown).toContainText("••••");
  await panel.getByRole("button", { name: "Reveal" }).click();
  await expect(shown).toHaveText(/^whsec_[A-Za-z0-9+/=]{20,}$/);
  const before = await shown.textContent();

  await panel.getByRole("button", { name: "Rotate secret" }).click();
  await page.getByRole("dialog", { name: "Rotate the callback secret?" }).getByRole("button", { name: "Rotate secret" }).click();
  await expect(toast(page, "Callback secret rotated")).toBeVisible();
  await expect(shown).toHaveText(/^whsec_/);
  expect(await shown.textContent()).not.toBe(before);
  const after = await shown.textContent();

  await page.reload();
  await panel.getByRole("button", { name: "Reveal" }).click();
  await expect(shown).toHaveText(after!);
});

test("the outbox lists the account's e-mails and opens one to read", async () => {
  await page.goto("/settings");
  const outbox = region("Outbox");
  // (Filtered by this run's tag: a reused database keeps earlier runs' e-mails.)
  const row = outbox.getByTestId("outbox-row").filter({ hasText: `UI ${tag} outbox` });
  await expect(row).toContainText("otto.outbox@ui.example");
  await row.getByRole("button", { name: /^Read/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("outbox-message-text")).toContainText(`UI ${tag} outbox`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("keyboard: the skip link jumps past the navigation", async () => {
  await page.goto("/documents");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test("on a phone the sections are behind a menu button", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto("/documents");
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "Archived" })).toBeHidden();
    await menu.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("navigation", { name: "Main (menu)" }).getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    // The menu closes after navigating, and nothing is wider than the screen.
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    // (Polled: once, in CI, a state in the middle of the navigation measured 441 px; a page that is really too wide still fails.)
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 }).toBeLessThanOrEqual(390);
  } finally {
    await page.setViewportSize({ width: 1280, height: 720 });
  }
});

test("signing out ends the session: the dashboard asks to sign in again", async () => {
  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin\?/);
  await expect(page.getByText("You are signed out.")).toBeVisible();
  // Having just signed out, the page does not sign straight back in: it waits for the button.
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(/\/signin\?signedOut=1/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  // Signed out and not waiting on a button any more: a dashboard page leads through /signin
  // straight to the service's sign-in form, which comes back to that page.
  const signIns: string[] = [];
  page.on("request", (r) => {
    if (r.isNavigationRequest() && new URL(r.url()).pathname === "/signin") signIns.push(r.url());
  });
  await page.goto("/documents");
  await expect(page).toHaveURL(/\/login\?/);
  expect(signIns.map((u) => new URL(u).searchParams.get("callbackUrl"))).toEqual(["/documents"]);
  await expect(page.getByRole("link", { name: "Create one" })).toBeVisible();
});

// Signing in to the dashboard as a person does: /signin goes on by itself to
// the service's /login form → back to the dashboard (the dashboard is a
// first-party OAuth client, so there is no consent step).
import { expect, type Browser, type Page } from "@playwright/test";
import type { Fixtures } from "../../api/helpers";

type User = Fixtures["users"]["alice"];

export async function signInToDashboard(page: Page, user: User, returnTo = "/documents") {
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  await expect(page).toHaveURL(/\/login\?/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((u) => u.pathname === returnTo.split("?")[0]);
  await settled(page);
}

/**
 * Signs in once in a context of its own and saves its cookies to `file`, for
 * tests that each open a fresh context as that user:
 * `test.use({ storageState: file })` (the file must exist before the first
 * test of the group starts, e.g. written in its beforeAll).
 */
export async function saveDashboardSession(browser: Browser, user: User, file: string) {
  // (an empty state of its own: newContext() would take the test's `storageState` option, this very file)
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    await signInToDashboard(await context.newPage(), user);
    await context.storageState({ path: file });
  } finally {
    await context.close();
  }
}

/**
 * Waits until the page's scripts loaded and ran: typing into a form before
 * React hydrated it is lost or doubled (a person is slower than that).
 */
export async function settled(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
}

export async function gotoDashboard(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
}

/** The text of the dashboard's toasts (the notifications region). */
export const toast = (page: Page, text: string | RegExp) => page.getByTestId("toast").filter({ hasText: text });

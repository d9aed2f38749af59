// Sign-up creates an account that must confirm its e-mail address through the
// mailed link (read from the run's SMTP sink) before it is signed in.
import { expect, test } from "@playwright/test";
import { confirmationLink, mailCount, waitForMail } from "../api/support/mail-sink";
import { authorizeUrl, loadFixtures } from "./fixtures";

const fx = loadFixtures();

test("sign-up asks to confirm the address; the mailed link confirms it and signs in", async ({ page, request }) => {
  const email = `new.user.${Date.now()}@signup.example`;
  const password = "Nora-Pa55word-e2e";
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill("Nora New");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Company").fill("Nora Ltd");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(/\/signup\/sent/);
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  // Not signed in yet: the password alone does not open the account.
  const early = await request.post("/login/submit", { form: { email, password, next: "/" }, maxRedirects: 0 });
  expect(early.headers()["location"] ?? "").toMatch(/error=unconfirmed/);

  const link = confirmationLink(await waitForMail(email, { after: 0, subject: /confirm your e-mail/i }));
  await page.goto(link);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page).not.toHaveURL(/\/(signup|login|confirm-email)(\/|\?|$)/);
  await expect(page.getByText(/Nora New|new\.user/).first()).toBeVisible();

  // Signed in: an authorize request goes straight to consent, not to sign-in.
  const app = fx.apps.alice;
  await page.route(`${new URL(app.redirect_uri).origin}/**`, (r) => r.fulfill({ status: 200, body: "ok" }));
  await page.goto(authorizeUrl({ clientId: app.client_id, redirectUri: app.redirect_uri, state: "s" }));
  await expect(page).toHaveURL(/\/consent\?/);

  // And the new user's password works at the sign-in form.
  const login = await request.post("/login/submit", { form: { email, password, next: "/" }, maxRedirects: 0 });
  expect(login.status()).toBe(303);
  expect(login.headers()["location"] ?? "").not.toMatch(/error=/);
});

test("sign-up with an e-mail already in use answers the same page and tells the owner by mail", async ({ page }) => {
  const alice = fx.users.alice;
  const before = mailCount(alice.email);
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill("Impostor");
  await page.getByLabel("Email").fill(alice.email);
  await page.getByLabel("Password").fill("Impostor-Pa55word");
  await page.getByLabel("Company").fill("Nope");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/signup\/sent/);
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await waitForMail(alice.email, { after: before, subject: /tried to sign up/i });
});

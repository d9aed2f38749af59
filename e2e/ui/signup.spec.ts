// Sign-up creates an account and lands signed in.
import { expect, test } from "@playwright/test";
import { authorizeUrl, loadFixtures } from "./fixtures";

const fx = loadFixtures();

test("sign-up creates an account and lands signed in", async ({ page, request }) => {
  const email = `new.user.${Date.now()}@signup.example`;
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill("Nora New");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Nora-Pa55word-e2e");
  await page.getByLabel("Company").fill("Nora Ltd");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).not.toHaveURL(/\/(signup|login)(\?|$)/);
  await expect(page.getByText(/Nora New|new\.user/).first()).toBeVisible();

  // Signed in: an authorize request goes straight to consent, not to sign-in.
  const app = fx.apps.alice;
  await page.route(`${new URL(app.redirect_uri).origin}/**`, (r) => r.fulfill({ status: 200, body: "ok" }));
  await page.goto(authorizeUrl({ clientId: app.client_id, redirectUri: app.redirect_uri, state: "s" }));
  await expect(page).toHaveURL(/\/consent\?/);

  // And the new user's password works at the sign-in form.
  const login = await request.post("/login/submit", { form: { email, password: "Nora-Pa55word-e2e", next: "/" }, maxRedirects: 0 });
  expect(login.status()).toBe(303);
  expect(login.headers()["location"] ?? "").not.toMatch(/error=/);
});

test("sign-up with an e-mail already in use shows an error", async ({ page }) => {
  const alice = fx.users.alice;
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill("Impostor");
  await page.getByLabel("Email").fill(alice.email);
  await page.getByLabel("Password").fill("Impostor-Pa55word");
  await page.getByLabel("Company").fill("Nope");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/signup/);
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(alice.email);
});

// The OAuth authorization-code flow in a real browser: sign in (with a wrong
// password first), consent, Allow, then the code works at the token endpoint.
import { expect, test, type Page } from "@playwright/test";
import { authorizeUrl, loadFixtures } from "./fixtures";

const fx = loadFixtures();
const alice = fx.users.alice;
const app = fx.apps.alice;

/** Answers the client's redirect_uri (nothing listens there) and records the URL. */
async function captureCallback(page: Page) {
  const seen: string[] = [];
  await page.route(`${new URL(app.redirect_uri).origin}/**`, async (route) => {
    seen.push(route.request().url());
    await route.fulfill({ status: 200, contentType: "text/plain", body: "client callback" });
  });
  return seen;
}

test("sign in, consent and Allow: the client gets a code that buys a working token", async ({ page, request }) => {
  const seen = await captureCallback(page);
  const state = `ui-${Date.now()}`;
  await page.goto(authorizeUrl({ clientId: app.client_id, redirectUri: app.redirect_uri, scope: "read write", state }));

  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByLabel("Email")).toBeVisible();

  // A wrong password: an error, and the e-mail is kept.
  await page.getByLabel("Email").fill(alice.email);
  await page.getByLabel("Password").fill("definitely-wrong");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/login\?.*error=/);
  // (Next.js keeps an empty role=alert route announcer on every page.)
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(alice.email);

  await page.getByLabel("Password").fill(alice.password);
  await page.getByRole("button", { name: "Sign in" }).click();

  // Consent names the application and the scopes.
  await expect(page).toHaveURL(/\/consent\?/);
  await expect(page.getByText(app.name).first()).toBeVisible();
  await expect(page.getByText(/\bread\b/i).first()).toBeVisible();
  await expect(page.getByText(/\bwrite\b/i).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Deny" })).toBeVisible();

  const callback = page.waitForRequest((r) => r.url().startsWith(app.redirect_uri));
  await page.getByRole("button", { name: "Allow" }).click();
  const url = new URL((await callback).url());
  expect(`${url.origin}${url.pathname}`).toBe(app.redirect_uri);
  expect(url.searchParams.get("state")).toBe(state);
  const code = url.searchParams.get("code");
  expect(code).toBeTruthy();
  // The browser really navigated there (our stand-in for the client answered).
  await expect(page).toHaveURL((u) => u.href.startsWith(app.redirect_uri));
  await expect(page.getByText("client callback")).toBeVisible();
  expect(seen).toEqual([url.href]);

  const token = await request.post("/oauth/token", {
    form: { grant_type: "authorization_code", code: code!, redirect_uri: app.redirect_uri, client_id: app.client_id, client_secret: app.client_secret },
  });
  expect(token.status()).toBe(200);
  const body = await token.json();
  expect(body).toMatchObject({ token_type: "bearer", expires_in: 7200, scope: "read write" });

  const me = await request.get("/public/v2/me", { headers: { Authorization: `Bearer ${body.access_token}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).user).toMatchObject({ email: alice.email, name: alice.name });
});

test("Deny sends the browser back to the client with error=access_denied", async ({ page }) => {
  await captureCallback(page);
  const bob = fx.users.bob;
  const bobApp = fx.apps.bob;
  await page.goto(authorizeUrl({ clientId: bobApp.client_id, redirectUri: bobApp.redirect_uri, state: "deny-me" }));
  await page.getByLabel("Email").fill(bob.email);
  await page.getByLabel("Password").fill(bob.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/consent\?/);
  await expect(page.getByText(bobApp.name).first()).toBeVisible();

  const callback = page.waitForRequest((r) => r.url().startsWith(bobApp.redirect_uri));
  await page.getByRole("button", { name: "Deny" }).click();
  const url = new URL((await callback).url());
  expect(url.searchParams.get("error")).toBe("access_denied");
  expect(url.searchParams.get("state")).toBe("deny-me");
  expect(url.searchParams.get("code")).toBeNull();
});

test("a bad authorize request shows an error and does not go to sign-in", async ({ page, baseURL }) => {
  const res = await page.goto(authorizeUrl({ clientId: app.client_id, redirectUri: "https://evil.example/cb" }));
  expect(res?.status()).toBe(403);
  const at = new URL(page.url());
  expect(at.origin).toBe(new URL(baseURL!).origin);
  expect(at.pathname).toBe("/oauth/authorize");
  expect(await page.textContent("body")).toContain("invalid_redirect_uri");
});

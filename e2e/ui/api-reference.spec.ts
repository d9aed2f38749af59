// Issue 15 point 5: the API reference at /docs/api, rendered by Scalar from
// the service's own OpenAPI documents. It loads nothing from elsewhere (no
// CDN, fonts or telemetry: it works offline), breaks no rule of the page's
// Content-Security-Policy, is searchable, shows v1 and v2, and passes axe.
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/accessibility";

test("the API reference renders offline under the page's policy, is searchable, and is accessible", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  const policyViolations: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (/^https?:$/.test(url.protocol) && url.origin !== origin) foreign.push(r.url());
  });
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|apply|execute)/i.test(m.text())) policyViolations.push(m.text());
  });
  page.on("pageerror", (e) => policyViolations.push(`page error: ${e.message}`));

  const res = await page.goto("/docs/api");
  expect(res?.status()).toBe(200);
  expect(res?.headers()["content-security-policy"]).toMatch(/script-src[^;]*'nonce-/);
  await expect(page.getByRole("heading", { name: "Signing Service API (v2)" })).toBeVisible({ timeout: 30_000 });
  // Every area of the reference: OAuth, resources, errors, callbacks, rate limits, extensions.
  for (const text of ["Authentication", "Rate limits", "Callbacks", "Extensions"]) {
    await expect(page.getByRole("heading", { name: text, exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText("Cannot void a document that is not pending or draft.").first()).toBeAttached();

  // Searchable: the search dialog finds an operation by its words.
  await page.keyboard.press("Control+k");
  const search = page.getByRole("combobox").or(page.getByPlaceholder(/search/i)).first();
  await expect(search).toBeVisible();
  await search.fill("void a document");
  await expect(page.getByRole("option", { name: /Void a document/i }).first()).toBeVisible();
  await page.keyboard.press("Escape");

  await expectNoSeriousA11yViolations(page, "/docs/api");
  expect(foreign, "requests to other origins").toEqual([]);
  expect(policyViolations, "Content-Security-Policy violations or page errors").toEqual([]);
});

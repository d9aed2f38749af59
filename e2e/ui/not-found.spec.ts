// Issue 13, point 1: addresses that name nothing answer HTTP 404 with a branded page (they answered
// 200 with a skeleton, then an API sentence), and the app has a favicon and app icons.
// A missing item and another account's item read the same: neither says whether it exists.
import crypto from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/accessibility";
import { loadFixtures } from "./fixtures";
import { signInToDashboard } from "./support/dashboard-sign-in";

const fx = loadFixtures();
const bobsDocument = Object.values(fx.documents.bob.pending)[0]!;
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: "serial" });

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  // (a context of its own: axe opens its helper pages in the page's context)
  context = await browser.newContext();
  page = await context.newPage();
  await signInToDashboard(page, fx.users.alice, "/documents");
});

test.afterAll(async () => context?.close());

/** Opens `path` as a full page load: its HTTP status, after the page has rendered. */
async function open(path: string) {
  const res = await page.goto(path);
  await page.waitForLoadState("networkidle");
  return res!.status();
}

const dashboardFrame = () => page.getByRole("banner").getByRole("link", { name: "Signing Service" });

for (const size of [{ name: "desktop", viewport: { width: 1280, height: 800 } }, { name: "phone", viewport: PHONE }]) {
  test(`a missing or foreign document is a 404 inside the dashboard (${size.name})`, async () => {
    await page.setViewportSize(size.viewport);
    for (const path of [`/documents/${crypto.randomUUID()}`, `/documents/${bobsDocument}`, "/documents/not-an-id", `/documents/${crypto.randomUUID()}/prepare`]) {
      expect(await open(path), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Document not found" })).toBeVisible();
      await expect(page.getByText("There is no document at this address that your account can open.")).toBeVisible();
      await expect(dashboardFrame(), "the dashboard's header stays").toBeVisible();
      // No API sentence on the way (the old page showed the API's refusal).
      await expect(page.getByText(/Can't find|No ACLs/)).toHaveCount(0);
    }
    await expectNoSeriousA11yViolations(page, `document not found (${size.name})`);
    await page.getByRole("link", { name: "Back to documents" }).click();
    await expect(page).toHaveURL((u) => u.pathname === "/documents");
  });

  test(`a missing or foreign template is a 404 inside the dashboard (${size.name})`, async () => {
    await page.setViewportSize(size.viewport);
    const missing = crypto.randomUUID();
    for (const path of [`/templates/${missing}`, `/templates/${fx.templates.bob.id}`, `/templates/${missing}/send`, `/templates/${missing}/embed`, `/templates/${missing}/edit`]) {
      expect(await open(path), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Template not found" })).toBeVisible();
      await expect(dashboardFrame()).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, `template not found (${size.name})`);
    await page.getByRole("link", { name: "Back to templates" }).click();
    await expect(page).toHaveURL((u) => u.pathname === "/templates");
  });

  test(`an unknown address is the branded 404 page (${size.name})`, async () => {
    await page.setViewportSize(size.viewport);
    for (const path of ["/no-such-page", "/documents/a/b/c"]) {
      expect(await open(path), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByText("Signing Service").first()).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, `page not found (${size.name})`);
  });

  test(`a signing link that does not exist is a 404 in the signer's words (${size.name})`, async () => {
    await page.setViewportSize(size.viewport);
    expect(await open(`/sign/${crypto.randomUUID()}?access_token=nothing`)).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This link does not work" })).toBeVisible();
    await expect(page.getByText("This signing link is not valid. Use the link from your e-mail.")).toBeVisible();
    await expectNoSeriousA11yViolations(page, `signing link not found (${size.name})`);
  });
}

test("existing items still open with 200 (the 404 check does not catch them)", async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await open(`/templates/${fx.templates.alice.id}`)).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: fx.templates.alice.name })).toBeVisible();
  expect(await open(`/documents/${fx.documents.alice.sharedWithBob}`)).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Document not found" })).toHaveCount(0);
  expect(await open("/templates/new")).toBe(200);
});

test("the favicon, the app icons and the web manifest are served and linked from every page", async ({ request }) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  const bytes = await ico.body();
  expect([...bytes.subarray(0, 4)], "an ICO file").toEqual([0, 0, 1, 0]);

  await open("/login");
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')].map((l) => `${l.rel} ${new URL(l.href).pathname}`),
  );
  expect(hrefs).toEqual(expect.arrayContaining(["icon /favicon.ico", "icon /icon.svg", "apple-touch-icon /apple-touch-icon.png", "manifest /manifest.webmanifest"]));

  for (const [path, type] of [
    ["/icon.svg", "image/svg+xml"],
    ["/apple-touch-icon.png", "image/png"],
    ["/icon-192.png", "image/png"],
    ["/icon-512.png", "image/png"],
  ] as const) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toContain(type);
  }
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  const json = (await manifest.json()) as { name: string; start_url: string; icons: { src: string; sizes: string }[] };
  expect(json.name).toBe("Signing Service");
  expect(json.start_url).toBe("/documents");
  for (const icon of json.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});

// Pages are available as they finish (issue 14 point 4): the builder's
// address of a long template upload shows page 1 while the rest is still
// being rendered, then opens the builder on all the pages.
import { expect, test } from "@playwright/test";
import { api } from "../api/helpers";
import { makePdf, putFile, tokensFor } from "../api/support/sending";
import { loadFixtures } from "./fixtures";
import { signInToDashboard } from "./support/dashboard-sign-in";

const fx = loadFixtures();

test("a 200-page upload: page 1 shows at the builder's address before processing ends, then the builder opens", async ({ page }) => {
  test.setTimeout(240_000);
  const { alice: token } = await tokensFor(["alice"], { dashboard: true });
  await signInToDashboard(page, fx.users.alice);
  const created = (await api("/ext/template_uploads", { token, method: "POST", body: { file_name: "long.pdf" } })).body.template_upload;
  expect((await putFile(created.upload_url, await makePdf({ pages: 200, title: "Long contract" }))).status).toBe(200);
  expect((await api(`/ext/template_uploads/${created.id}/uploaded`, { token, method: "POST", body: {} })).status).toBe(200);

  await page.goto(`/templates/new/${created.id}`);
  const first = page.getByRole("img", { name: "Page 1", exact: true });
  await expect(first).toBeVisible({ timeout: 120_000 });
  await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await expect(page.getByText(/\d+ pages? ready/)).toBeVisible();
  // Shown while the rest was still being rendered.
  expect((await api(`/ext/template_uploads/${created.id}`, { token })).body.template_upload.status).toBe("processing");

  // Then the builder itself, on every page.
  await expect(page.locator('[data-page="200"]')).toBeAttached({ timeout: 180_000 });
});

// Pages are available as they finish (issue 14 point 4): the builder's
// address of a long template upload shows page 1 while the rest is still
// being rendered, then opens the builder on all the pages.
import { expect, test } from "@playwright/test";
import { api } from "../api/helpers";
import { makePdf, putFile, tokensFor } from "../api/support/sending";
import { loadFixtures } from "./fixtures";
import { signInToDashboard } from "./support/dashboard-sign-in";

const fx = loadFixtures();

// Pages full of text (25 lines each): each takes a while to draw and to read, so the 200 pages take several
// seconds even on a fast machine, and page 1 is shown long before the last one is done.
const LINES = Array.from({ length: 200 }, (_, i) =>
  Array.from({ length: 25 }, (_, k) => ({ page: i + 1, y: 600 - k * 20, size: 10, text: `Clause ${i + 1}.${k + 1}: the parties agree to the terms set out in this section.` })),
).flat();

test("a 200-page upload: page 1 shows at the builder's address before processing ends, then the builder opens", async ({ page }) => {
  test.setTimeout(240_000);
  const { alice: token } = await tokensFor(["alice"], { dashboard: true });
  await signInToDashboard(page, fx.users.alice);
  const created = (await api("/ext/template_uploads", { token, method: "POST", body: { file_name: "long.pdf" } })).body.template_upload;
  expect((await putFile(created.upload_url, await makePdf({ pages: 200, title: "Long contract", lines: LINES }))).status).toBe(200);
  expect((await api(`/ext/template_uploads/${created.id}/uploaded`, { token, method: "POST", body: {} })).status).toBe(200);

  await page.goto(`/templates/new/${created.id}`);
  // The follower (shown only while the upload is not completed) with page 1 drawn, and how many pages it
  // counted then: read in one look at the page. (An API call afterwards would race the last pages: CI once
  // saw "77 pages ready" on the page and "completed" from the API a moment later.)
  const follower = page.getByRole("list", { name: "Pages ready so far" });
  await expect(follower.getByRole("img", { name: "Page 1", exact: true })).toBeVisible({ timeout: 120_000 });
  const readyWhenShown = await page.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>('ol[aria-label="Pages ready so far"] img[alt="Page 1"]');
      const count = /(\d+) pages? ready/.exec(document.querySelector('[aria-live="polite"]')?.textContent ?? "");
      return img?.complete && img.naturalWidth > 0 && count ? Number(count[1]) : null;
    },
    null,
    { timeout: 60_000 },
  );
  expect(await readyWhenShown.jsonValue(), "pages ready when page 1 was shown").toBeLessThan(200);

  // Then the builder itself, on every page.
  await expect(page.locator('[data-page="200"]')).toBeAttached({ timeout: 180_000 });
});

// The signer page as issue 13 point 6 asks for it, in Chromium: dates shown
// in full (in the signer's language) with a Today button, signing-date fields
// filled in and name/e-mail fields pre-filled from the recipient; zoom
// buttons that keep the fields on their places and pinch zoom left allowed;
// 44 px tap areas on a phone; the next signer seeing the earlier signer's
// signature and answers where they were put; the finished page saying who is
// left, that the signed PDF is being prepared, then offering it; and the
// wording when the sender signs their own document. Documents are sent in
// each test through the API (alice's fixture template, or a tagged PDF
// through a sending request), so no other test shares them.
import fs from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { aliceToken, fixtures, getDocument, recipient, sendFromTemplate } from "../api/support/signing-calls";
import { expectNoSeriousA11yViolations } from "./support/accessibility";
import {
  boxOnPage,
  dateFieldDisplay,
  expectNoHorizontalScroll,
  fieldHolder,
  finishButton,
  signByDrawing,
  signByTyping,
  signedHeading,
  sendTaggedDocument,
} from "./support/signing-ui";

test.use({ locale: "en-GB" });

let token: string;
test.beforeAll(async () => {
  token = await aliceToken();
});

const PHONE = { width: 390, height: 844 };

/** What the page must show for a stored date: the same Intl formatting, in Node. */
const fullDate = (iso: string, locale = "en-GB") =>
  new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

/** The browser's own date, yyyy-mm-dd (what "Today" and signing-date fields put in). */
const browserToday = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });

const pageRegion = (page: Page, n: number, of: number) => page.getByRole("region", { name: `Page ${n} of ${of}` });

async function expectImageLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

/** Moves the focus out of the fields (a click on the document's heading). */
const blur = (page: Page, docName: string) => page.getByRole("heading", { name: docName }).click();

test("dates in full with a Today button, the signing date filled in, name and e-mail pre-filled; the next signer reads them in their language", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const doc = await sendTaggedDocument(token, {
    name: `Signer page dates ${Date.now()}`,
    tags: [
      "[[text|Client|name=full_name|w=200]]",
      "[[text|Client|name=email_address|w=200]]",
      "[[text|Client|name=company|optional|w=200]]",
      "[[date|Client|name=start_date|w=150]]",
      "[[date|Client|name=date_signed|w=150]]",
      "[[signature|Client|w=200|h=40]]",
      "[[signature|Manager|w=200|h=40]]",
    ],
    roles: [
      { name: "Client", signer_name: "Dana Datum", signer_email: "dana@dates.example", sequence: 0 },
      { name: "Manager", signer_name: "Max Manager", signer_email: "max@manager.example", sequence: 1 },
    ],
  });
  const client = recipient(doc, "Client");
  await page.goto(client.sign_url);
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
  const today = await browserToday(page);

  // Name and e-mail from the recipient; other text fields start empty.
  await expect(page.getByRole("textbox", { name: "full name" })).toHaveValue("Dana Datum");
  await expect(page.getByRole("textbox", { name: "email address" })).toHaveValue("dana@dates.example");
  await expect(page.getByRole("textbox", { name: "company" })).toHaveValue("");

  // The signing date: today, written out in full; stored as yyyy-mm-dd.
  await expect(page.getByLabel("date signed", { exact: true })).toHaveValue(today);
  await expect(dateFieldDisplay(page, "date signed")).toHaveText(fullDate(today));

  // Another date starts empty; focused, it offers Today.
  const start = page.getByLabel("start date", { exact: true });
  const todayButton = page.getByRole("button", { name: "Today for start date" });
  await expect(start).toHaveValue("");
  await expect(dateFieldDisplay(page, "start date")).toHaveText("start date");
  await expect(todayButton).toBeHidden();
  await start.focus();
  await expect(todayButton).toBeVisible();
  await expectNoSeriousA11yViolations(page, "signer page: a date field with its Today button");
  await todayButton.click();
  await expect(start).toHaveValue(today);
  await blur(page, doc.name);
  await expect(todayButton).toBeHidden();
  await expect(dateFieldDisplay(page, "start date")).toHaveText(fullDate(today));

  // A date typed in (the browser's date input) shows in full too.
  await start.fill("2026-11-25");
  await blur(page, doc.name);
  await expect(dateFieldDisplay(page, "start date")).toHaveText("25 November 2026");

  await signByTyping(page, "signature 1", "Dana Datum");
  await finishButton(page).click();
  await expect(signedHeading(page, doc.name)).toBeVisible();
  await expect(page.getByTestId("still-to-sign")).toHaveText(/^1 more signer still has to sign: Max Manager\. When everyone has signed, you will get the signed PDF by e-mail\.$/);

  // Stored as the API and the PDF use them.
  const now = await getDocument(token, doc.id);
  const answers = Object.fromEntries(now.form_fields.map((f) => [f.name, f.value]));
  expect(answers).toMatchObject({ full_name: "Dana Datum", email_address: "dana@dates.example", start_date: "2026-11-25", date_signed: today });
  expect(answers.company ?? "").toBe("");

  // The Manager, in German: the Client's dates in full in German, the Client's signature drawn.
  const de = await browser.newContext({ locale: "de-DE" });
  try {
    const managerPage = await de.newPage();
    await managerPage.goto(recipient(doc, "Manager").sign_url);
    await expect(managerPage.getByText(fullDate("2026-11-25", "de-DE"), { exact: true })).toBeVisible();
    expect(fullDate("2026-11-25", "de-DE")).toBe("25. November 2026");
    await expect(managerPage.getByText(fullDate(today, "de-DE"), { exact: true })).toBeVisible();
    await expect(managerPage.getByText("Dana Datum", { exact: true })).toBeVisible();
    await expectImageLoaded(managerPage.getByRole("img", { name: "Signature of Dana Datum" }));
    await expect(managerPage.getByRole("textbox", { name: "full name" }), "the Client's fields are not the Manager's").toHaveCount(0);
  } finally {
    await de.close();
  }
});

test("the next signer sees the first signer's signature at its place; the finished page says who is left, then that the PDF is being prepared, then offers it", async ({ page }) => {
  test.setTimeout(180_000);
  const doc = await sendFromTemplate(token, { name: `Signer page handover ${Date.now()}` });
  const client = recipient(doc, "Client");
  const manager = recipient(doc, "Manager");

  // The first signer: nobody's signature on the page yet.
  await page.goto(client.sign_url);
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
  await expect(page.locator("img[data-prefilled-signature]")).toHaveCount(0);
  const today = await browserToday(page);
  await expect(page.getByLabel("client date", { exact: true }), "client_date is a signing date").toHaveValue(today);
  await page.getByRole("textbox", { name: "client title" }).fill("Head of Handover");
  await signByDrawing(page, page, "client signature");
  await finishButton(page).click();
  await expect(signedHeading(page, doc.name)).toBeVisible();
  await expect(page.getByTestId("still-to-sign")).toContainText("1 more signer still has to sign: Morgan Manager.");

  // The Manager: the Client's signature image where its field is (page 1: x .25, y .78, 35 % × 4 %), and the answers.
  await page.goto(manager.sign_url);
  const signature = page.getByRole("img", { name: "Signature of Cleo Client" });
  await expectImageLoaded(signature);
  const placed = await boxOnPage(signature, pageRegion(page, 1, 2));
  expect(placed.x).toBeCloseTo(0.25, 2);
  expect(placed.y).toBeCloseTo(0.78, 2);
  expect(placed.width).toBeCloseTo(0.35, 2);
  expect(placed.height).toBeCloseTo(0.04, 2);
  // Its pixels are the drawing: not blank.
  const inked = await signature.evaluate((img: HTMLImageElement) => {
    const c = document.createElement("canvas");
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const g = c.getContext("2d")!;
    g.drawImage(img, 0, 0);
    const data = g.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 128 && data[i]! < 128) dark++;
    return dark;
  });
  expect(inked, "dark pixels of the drawn signature").toBeGreaterThan(50);
  await expect(page.getByText("Head of Handover", { exact: true })).toBeVisible();
  await expect(page.getByText(fullDate(today), { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "signer page: the second signer, with the first signer's signature on the page");

  // Hold the status calls: the page must say the PDF is being prepared until it learns otherwise.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/sign/*/status", async (route) => {
    await held;
    await route.continue();
  });
  await signByTyping(page, "manager signature", "Morgan Manager");
  await finishButton(page).click();
  await expect(signedHeading(page, doc.name)).toBeVisible();
  await expect(page.getByText("Everyone has signed now, so the document is complete.")).toBeVisible();
  const preparing = page.getByTestId("signed-pdf-preparing");
  await expect(preparing).toContainText("The signed PDF is being prepared");
  await expect(preparing).toContainText("A link to it will also arrive by e-mail.");
  await expect(page.getByRole("link", { name: "Download the signed PDF" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "signer page: finished, the signed PDF being prepared");

  // Released: the page turns into the download button by itself once the completion job has made the file.
  release();
  const download = page.getByRole("link", { name: "Download the signed PDF" });
  await expect(download).toBeVisible({ timeout: 90_000 });
  await expect(preparing).toHaveCount(0);
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/-signed\.pdf$/);
  const bytes = await fs.readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await expectNoSeriousA11yViolations(page, "signer page: finished, the signed PDF ready");

  // The first signer's link, opened again: the download straight away (from the server's view), a signed expiring address.
  await page.unroute("**/sign/*/status");
  await page.goto(client.sign_url);
  const again = page.getByRole("link", { name: "Download the signed PDF" });
  await expect(again).toBeVisible();
  const href = (await again.getAttribute("href"))!;
  expect(href).toMatch(/\/files\/.+\?expires=\d+&filename=.+-signed\.pdf&signature=/);
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  expect((await res.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const executed = await getDocument(token, doc.id);
  expect(executed.state).toBe("executed");
});

test("zoom buttons keep every field on its place; pinch zoom is not blocked; the page never scrolls sideways", async ({ page }) => {
  test.setTimeout(120_000);
  const doc = await sendFromTemplate(token, { name: `Signer page zoom ${Date.now()}` });
  const link = recipient(doc, "Client").sign_url;

  for (const size of [{ width: 1280, height: 900 }, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();

    // Pinch: one viewport meta, without user-scalable=no or a maximum scale.
    const metas = page.locator('meta[name="viewport"]');
    await expect(metas).toHaveCount(1);
    const content = (await metas.getAttribute("content")) ?? "";
    expect(content).toContain("width=device-width");
    expect(content).not.toMatch(/user-scalable\s*=\s*(no|0)/i);
    expect(content).not.toMatch(/maximum-scale/i);

    const page1 = pageRegion(page, 1, 2);
    const title = fieldHolder(page.getByRole("textbox", { name: "client title" }));
    const sign = fieldHolder(page.getByRole("button", { name: /^client signature/ }));
    const before = { title: await boxOnPage(title, page1), sign: await boxOnPage(sign, page1) };
    expect(before.title.x).toBeCloseTo(0.25, 2);
    expect(before.title.y).toBeCloseTo(0.7, 2);

    // The signing date (page 2, a box 20 % of the page wide) is written out in full and not cut off.
    const today = await browserToday(page);
    const dateShown = dateFieldDisplay(page, "client date");
    await expect(dateShown).toHaveText(fullDate(today));
    expect(await dateShown.evaluate((el) => el.scrollWidth - el.clientWidth), "the written-out date fits its box").toBeLessThanOrEqual(1);

    const percent = page.getByRole("group", { name: "Zoom" }).getByRole("button", { name: /%/ });
    await expect(percent).toHaveText("100%");
    await page.getByRole("button", { name: "Zoom in" }).click();
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect(percent).toHaveText("150%");
    const zoomed = { title: await boxOnPage(title, page1), sign: await boxOnPage(sign, page1) };
    expect(zoomed.title.pageWidth / before.title.pageWidth).toBeCloseTo(1.5, 1);
    for (const k of ["title", "sign"] as const) {
      for (const d of ["x", "y", "width", "height"] as const) expect(Math.abs(zoomed[k][d] - before[k][d]), `${k}.${d} at 150 %`).toBeLessThan(0.004);
    }
    // The page image fills its page box at any zoom, so the boxes sit on what they cover.
    const img = await boxOnPage(page.getByRole("img", { name: "Page 1 of 2" }), page1);
    expect(img.x).toBeCloseTo(0, 3);
    expect(img.y).toBeCloseTo(0, 3);
    expect(img.width).toBeCloseTo(1, 3);
    expect(img.height).toBeCloseTo(1, 3);
    await expectNoHorizontalScroll(page);
    // Fields still work zoomed in.
    await page.getByRole("textbox", { name: "client title" }).fill("Zoomed");
    await expect(page.getByRole("textbox", { name: "client title" })).toHaveValue("Zoomed");

    for (let i = 0; i < 6; i++) if (await page.getByRole("button", { name: "Zoom out" }).isEnabled()) await page.getByRole("button", { name: "Zoom out" }).click();
    await expect(percent).toHaveText("50%");
    await expect(page.getByRole("button", { name: "Zoom out" })).toBeDisabled();
    const small = await boxOnPage(title, page1);
    expect(small.pageWidth / before.title.pageWidth).toBeCloseTo(0.5, 1);
    expect(Math.abs(small.x - before.title.x)).toBeLessThan(0.004);
    expect(Math.abs(small.y - before.title.y)).toBeLessThan(0.004);
    await percent.click();
    await expect(percent).toHaveText("100%");
    await expectNoSeriousA11yViolations(page, `signer page with zoom buttons at ${size.width} px`);
  }
});

test("on a phone every field can be tapped within 44 × 44 px without its box moving; on a desktop nothing is enlarged", async ({ page }) => {
  test.setTimeout(90_000);
  const doc = await sendFromTemplate(token, { name: `Signer page touch ${Date.now()}` });
  await page.setViewportSize(PHONE);
  await page.goto(recipient(doc, "Client").sign_url);
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();

  const page1 = pageRegion(page, 1, 2);
  const input = page.getByRole("textbox", { name: "client title" });
  const holder = fieldHolder(input);
  await holder.scrollIntoViewIfNeeded();
  const box = (await holder.boundingBox())!;
  const onPage = await boxOnPage(holder, page1);
  // The visual box is where the sender put it (30 % × 3 % at .25/.70), smaller than a finger.
  expect(onPage.x).toBeCloseTo(0.25, 2);
  expect(onPage.y).toBeCloseTo(0.7, 2);
  expect(onPage.height).toBeCloseTo(0.03, 2);
  expect(box.height).toBeLessThan(44);
  // Its hit area is at least 44 × 44 px.
  const hit = await holder.evaluate((el) => {
    const s = getComputedStyle(el, "::before");
    return { content: s.content, width: parseFloat(s.width), height: parseFloat(s.height), position: s.position };
  });
  expect(hit.position).toBe("absolute");
  expect(hit.width).toBeGreaterThanOrEqual(44);
  expect(hit.height).toBeGreaterThanOrEqual(44);
  // A tap just above the box (outside it, inside the hit area) reaches the field.
  const offset = Math.min(12, (44 - box.height) / 2 - 2);
  const x = box.x + box.width / 2;
  const y = box.y - offset;
  expect(await page.evaluate(([px, py]) => !!document.elementFromPoint(px!, py!)?.closest("[data-field-id]"), [x, y])).toBe(true);
  await page.mouse.click(x, y);
  await expect(input).toBeFocused();
  // The signature button too, tapped just below its box.
  const sigHolder = fieldHolder(page.getByRole("button", { name: /^client signature/ }));
  const sigBox = (await sigHolder.boundingBox())!;
  if (sigBox.height < 40) {
    await page.mouse.click(sigBox.x + sigBox.width / 2, sigBox.y + sigBox.height + Math.min(10, (44 - sigBox.height) / 2 - 2));
    await expect(page.getByRole("dialog", { name: /Add your signature/ })).toBeVisible();
    await page.keyboard.press("Escape");
  }
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, "signer page at 390 px");

  // Desktop: the box is all there is (no margin that could cover a neighbour).
  await page.setViewportSize({ width: 1280, height: 900 });
  const desktop = await holder.evaluate((el) => getComputedStyle(el, "::before").content);
  expect(["none", "normal"]).toContain(desktop);
});

test("the sender signing their own document is told so, not that they sent it to themselves", async ({ page }) => {
  test.setTimeout(90_000);
  const alice = fixtures.users.alice;
  const doc = await sendFromTemplate(token, {
    name: `Signer page self ${Date.now()}`,
    roles: [{ name: "Client", signer_name: alice.name, signer_email: alice.email.toUpperCase() }],
  });
  await page.goto(recipient(doc, "Client").sign_url);
  await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();
  await expect(page.getByTestId("sender-as-signer")).toHaveText("You sent this document and are signing it as Client.");
  await expect(page.getByText("Your document", { exact: true })).toBeVisible();
  await expect(page.getByText(`From ${alice.name}`)).toHaveCount(0);
  await expect(page.getByText(/sent you/i)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "signer page: the sender as signer");

  await page.getByRole("button", { name: "Decline" }).click();
  const dialog = page.getByRole("dialog", { name: "Decline to sign" });
  await expect(dialog).toContainText("You sent this document; declining ends it for every signer");
  await expect(dialog).not.toContainText(`${alice.name} will see your reason`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await signByTyping(page, "client signature", alice.name);
  await finishButton(page).click();
  await expect(signedHeading(page, doc.name)).toBeVisible();
  await expect(page.getByText(`Thank you, ${alice.name}.`, { exact: true })).toBeVisible();
  await expect(page.getByText(/will be told that you signed/)).toHaveCount(0);
  await expect(page.getByTestId("still-to-sign")).toContainText("Morgan Manager");
  await page.setViewportSize(PHONE);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousA11yViolations(page, "signer page: finished, others still to sign, at 390 px");
});

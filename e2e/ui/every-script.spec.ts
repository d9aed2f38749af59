// Typed signatures in every script (issue 12, point 1), in the test browser
// (Debian's Chromium, whose machine has no CJK, Devanagari or Thai fonts of
// its own): the signer types a Chinese, an Arabic and a Korean name in the
// signature dialog's Type tab. The page's self-hosted handwriting face for
// that script must load for those characters, the preview's font (with the
// Noto families behind it) draws each character as its own glyph (a missing
// glyph draws the same empty box for every character, like U+FFFF does), and
// the adopted signature image has ink.
import { expect, test, type Page } from "@playwright/test";
import { aliceToken, recipient, sendFromTemplate } from "../api/support/signing-calls";
import { expectSignatureImage, signatureButton, signatureDialog } from "./support/signing-ui";

/** Each name with the self-hosted handwriting face it is typed in (components/signing/type-signature.tsx). */
const CASES = [
  { script: "Chinese", name: "王小明", family: "Ma Shan Zheng" },
  { script: "Arabic", name: "مرحبا علي", family: "Aref Ruqaa" },
  { script: "Korean", name: "김철수", family: "Nanum Pen Script" },
];

let token: string;
test.beforeAll(async () => {
  token = await aliceToken();
});

/**
 * Draws each character of `text`, and U+FFFF (which no font has), alone on a
 * canvas in `fontFamily`; answers, per character, how many pixels it inked
 * and a fingerprint of its pixels.
 */
function glyphImages(page: Page, text: string, fontFamily: string) {
  return page.evaluate(
    async ({ text, fontFamily }) => {
      const font = `64px ${fontFamily}`;
      await document.fonts.load(font, text);
      const draw = (ch: string) => {
        const canvas = document.createElement("canvas");
        canvas.width = 120;
        canvas.height = 100;
        const ctx = canvas.getContext("2d")!;
        ctx.font = font;
        ctx.fillStyle = "#000";
        ctx.fillText(ch, 20, 75);
        const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        let ink = 0;
        let hash = 0;
        for (let i = 3; i < data.length; i += 4) {
          if (data[i]! > 0) ink++;
          hash = (Math.imul(hash, 31) + data[i]!) | 0;
        }
        return { ch, ink, hash };
      };
      const letters = [...new Set([...text].filter((c) => c.trim()))];
      return { glyphs: letters.map(draw), missing: draw("\uffff") };
    },
    { text, fontFamily },
  );
}

/** Pixels with any ink in a PNG data URL, decoded by the browser. */
function inkOfImage(page: Page, src: string) {
  return page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) ink++;
    return ink;
  }, src);
}

for (const c of CASES) {
  test(`a typed signature in ${c.script} (${c.name}) renders real glyphs from a self-hosted handwriting font`, async ({ page }) => {
    test.setTimeout(90_000);
    const doc = await sendFromTemplate(token, {
      name: `Typed ${c.script} signature`,
      roles: [{ name: "Client", signer_name: c.name, signer_email: `typed.${c.script.toLowerCase()}@scripts.example` }],
    });
    await page.goto(recipient(doc, "Client").sign_url);
    await expect(page.getByRole("heading", { name: doc.name })).toBeVisible();

    await signatureButton(page, "client signature").click();
    const dialog = signatureDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("tab", { name: "Type" }).click();
    await dialog.getByLabel("Type your full name").fill(c.name);
    const preview = dialog.getByRole("tabpanel").getByText(c.name, { exact: true });
    await expect(preview).toBeVisible();

    // The script's web font was loaded for these characters (not a system font: this machine has none for them).
    await expect
      .poll(() => page.evaluate((family) => [...document.fonts].some((f) => f.family.replace(/"/g, "") === family && f.status === "loaded"), c.family), {
        message: `a slice of ${c.family} is loaded`,
      })
      .toBe(true);
    // A face split by unicode-range loads one slice per range these characters fall in; each may arrive later
    // than the first (under load, seconds later), so wait until every one of them is there.
    await expect
      .poll(() => page.evaluate(({ family, name }) => document.fonts.check(`48px "${family}"`, name), { family: c.family, name: c.name.replace(/\s/g, "") }), {
        message: `every slice of ${c.family} for "${c.name}" is loaded`,
      })
      .toBe(true);

    // In the preview's font, every character is a glyph of its own with ink, none the missing-glyph box.
    const fontFamily = await preview.evaluate((el) => getComputedStyle(el).fontFamily);
    expect(fontFamily).toContain(c.family);
    const { glyphs, missing } = await glyphImages(page, c.name, fontFamily);
    for (const g of glyphs) {
      expect(g.ink, `"${g.ch}" has ink`).toBeGreaterThan(30);
      expect(g.hash, `"${g.ch}" is not drawn like U+FFFF (the missing glyph)`).not.toBe(missing.hash);
    }
    expect(new Set(glyphs.map((g) => g.hash)).size, "each character its own glyph").toBe(glyphs.length);

    // Adopted: the field shows the typed signature as an image with ink.
    await dialog.getByRole("button", { name: "Adopt and sign" }).click();
    await expect(dialog).toBeHidden();
    await expectSignatureImage(page, "client signature");
    const src = (await signatureButton(page, "client signature").locator("img").getAttribute("src"))!;
    expect(await inkOfImage(page, src)).toBeGreaterThan(200);
  });
}

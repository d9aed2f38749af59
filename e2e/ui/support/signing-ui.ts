// The signer page driven like a person would (components/signing/*): the
// field overlays (inputs named after the field, buttons that open the
// signature dialog), the signature dialog's Draw / Type / Upload tabs and
// "Adopt and sign", and the action bar's Next field / Finish / Decline.
import { expect, type FrameLocator, type Locator, type Page } from "@playwright/test";

type Scope = Page | FrameLocator;

/** The button of a signature field, e.g. "client signature (required): sign". */
export const signatureButton = (scope: Scope, label: string) => scope.getByRole("button", { name: new RegExp(`^${label}\\b`, "i") });

export const signatureDialog = (scope: Scope) => scope.getByRole("dialog", { name: /Add your signature/ });

/** A few strokes with the mouse across the drawing canvas of the open dialog. */
export async function drawOnCanvas(page: Page, canvas: Locator) {
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  if (!box) throw new Error("the drawing canvas has no box");
  const strokes: [number, number][][] = [
    // a zigzag name
    [
      [0.1, 0.3],
      [0.15, 0.7],
      [0.22, 0.35],
      [0.28, 0.72],
      [0.35, 0.4],
      [0.42, 0.68],
    ],
    // a long underline
    [
      [0.12, 0.82],
      [0.5, 0.8],
      [0.85, 0.78],
    ],
    // a dot
    [
      [0.6, 0.3],
      [0.62, 0.32],
    ],
  ];
  for (const stroke of strokes) {
    const [sx, sy] = stroke[0]!;
    await page.mouse.move(box.x + sx * box.width, box.y + sy * box.height);
    await page.mouse.down();
    for (const [x, y] of stroke.slice(1)) await page.mouse.move(box.x + x * box.width, box.y + y * box.height, { steps: 8 });
    await page.mouse.up();
  }
}

/** Opens a signature field's dialog, draws in the Draw tab and adopts it. */
export async function signByDrawing(page: Page, scope: Scope, fieldLabel: string) {
  await signatureButton(scope, fieldLabel).click();
  const dialog = signatureDialog(scope);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("tab", { name: "Draw" })).toHaveAttribute("aria-selected", "true");
  const adopt = dialog.getByRole("button", { name: "Adopt and sign" });
  await expect(adopt, "nothing to adopt before drawing").toBeDisabled();
  await drawOnCanvas(page, dialog.getByRole("img", { name: /Drawing area for your signature/ }));
  await expect(adopt).toBeEnabled();
  await adopt.click();
  await expect(dialog).toBeHidden();
  await expectSignatureImage(scope, fieldLabel);
}

/** Opens a signature field's dialog, types `name` in the Type tab and adopts it. */
export async function signByTyping(scope: Scope, fieldLabel: string, name: string) {
  await signatureButton(scope, fieldLabel).click();
  const dialog = signatureDialog(scope);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("tab", { name: "Type" }).click();
  const input = dialog.getByLabel("Type your full name");
  await input.fill(name);
  // the preview shows the typed name in the script font
  await expect(dialog.getByRole("tabpanel").getByText(name, { exact: true })).toBeVisible();
  const adopt = dialog.getByRole("button", { name: "Adopt and sign" });
  await expect(adopt).toBeEnabled();
  await adopt.click();
  await expect(dialog).toBeHidden();
  await expectSignatureImage(scope, fieldLabel);
}

/** The field now shows the adopted image (a PNG data URL) and says it was added. */
export async function expectSignatureImage(scope: Scope, fieldLabel: string) {
  const button = signatureButton(scope, fieldLabel);
  await expect(button).toHaveAccessibleName(/added/);
  const src = await button.locator("img").getAttribute("src");
  expect(src ?? "").toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
}

export const finishButton = (scope: Scope) => scope.getByRole("button", { name: "Finish" });

/** The heading of the finished state after signing. */
export const signedHeading = (scope: Scope, documentName: string) =>
  scope.getByRole("heading", { name: `You have signed “${documentName}”` });

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails
 * after `max` presses. Keyboard only: no clicks.
 */
export async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return i;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  const active = await page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName} ${el.getAttribute("aria-label") ?? el.textContent?.slice(0, 60) ?? ""}` : "none";
  });
  throw new Error(`${max} Tab presses did not reach ${target}; focus is on ${active}`);
}

/** Nothing is wider than the viewport (no sideways scrolling on a phone). */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, "page wider than the viewport").toBeLessThanOrEqual(innerWidth);
}

/** The element lies inside the viewport horizontally. */
export async function expectWithinWidth(page: Page, el: Locator) {
  const box = await el.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, `${el} has a box`).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

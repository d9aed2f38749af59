// The signer page driven like a person would (components/signing/*): the
// field overlays (inputs named after the field, buttons that open the
// signature dialog), the signature dialog's Draw / Type / Upload tabs and
// "Adopt and sign", and the action bar's Next field / Finish / Decline.
import { expect, type FrameLocator, type Locator, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { api, http } from "../../api/helpers";
import { getDocument, type Doc } from "../../api/support/signing-calls";

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

// ---------------------------------------------------------------- signer page (issue 13 point 6)

/**
 * A one-off document sent through a sending request (spec 4.6): a US-letter
 * PDF with one text tag per line (our grammar, e.g. `[[date|Client|name=start_date|w=150]]`),
 * roles as given. Answers the document once processing has sent it.
 */
export async function sendTaggedDocument(
  token: string,
  opts: { name: string; tags: string[]; roles: { name: string; signer_name: string; signer_email: string; sequence?: number }[]; sequencing?: boolean },
): Promise<Doc> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText(opts.name, { x: 72, y: 720, size: 18, font, color: rgb(0, 0, 0) });
  opts.tags.forEach((tag, i) => page.drawText(tag, { x: 72, y: 640 - i * 60, size: 12, font }));
  const body = {
    file: { name: "signer-page.pdf", source: "upload" },
    document: { name: opts.name, signer_sequencing: opts.sequencing ?? true, roles: opts.roles, expires_in: 30 },
    sending_request: {},
  };
  const created = await api("/public/v2/sending_requests", { token, method: "POST", body });
  if (created.status !== 200) throw new Error(`sending request answered ${created.status}: ${created.text}`);
  const request = created.body.sending_request as { id: string; upload_url: string };
  const put = await http(request.upload_url, { method: "PUT", headers: { "Content-Type": "application/pdf" }, body: Buffer.from(await pdf.save()) });
  if (put.status !== 200) throw new Error(`upload answered ${put.status}: ${put.text}`);
  const up = await api(`/public/v2/sending_requests/${request.id}/uploaded`, { token, method: "POST" });
  if (up.status !== 200) throw new Error(`uploaded answered ${up.status}: ${up.text}`);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const got = await api(`/public/v2/sending_requests/${request.id}`, { token });
    if (got.body?.sending_request?.status === "completed" || got.body?.status === "completed") {
      const id = (got.body.sending_request ?? got.body).document_template_id as string;
      return getDocument(token, id);
    }
    if ((got.body?.sending_request ?? got.body)?.status === "errored") throw new Error(`sending request errored: ${got.text}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`sending request ${request.id} did not complete in 90 s`);
}

/** The positioned holder of one of this signer's fields (data-field-id), found by the control's label. */
export const fieldHolder = (control: Locator) => control.locator("xpath=ancestor::*[@data-field-id][1]");

/** A box as fractions of another (its page): where it sits on the page, whatever the zoom. */
export async function boxOnPage(el: Locator, page: Locator) {
  const [b, p] = await Promise.all([el.boundingBox(), page.boundingBox()]);
  if (!b || !p) throw new Error(`${el} or ${page} has no box`);
  return { x: (b.x - p.x) / p.width, y: (b.y - p.y) / p.height, width: b.width / p.width, height: b.height / p.height, pageWidth: p.width };
}

/** The text a date field shows while it is not being edited (the date in full, or its placeholder). */
export const dateFieldDisplay = (scope: Scope, label: string) =>
  fieldHolder(scope.getByLabel(label, { exact: true })).locator("[data-date-display]");

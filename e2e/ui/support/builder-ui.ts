// The template builder driven like a person would (components/builder/*):
// palette items dragged onto pages, fields selected and read back through the
// inspector, and the stamps of a signed PDF located with pdftoppm.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts, degrees } from "pdf-lib";
import type { UploadFile } from "./sending-files";

export type Box = { x: number; y: number; width: number; height: number };

/**
 * Three blank pages of different shapes: portrait letter, landscape letter,
 * and a portrait page turned by /Rotate 90 (shown landscape). A small label
 * in each top-left corner keeps the page's own ink away from the fields.
 */
export async function threeShapePdf(name: string): Promise<UploadFile> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const portrait = doc.addPage([612, 792]);
  portrait.drawText("P1 portrait", { x: 20, y: 775, size: 8, font });
  const landscape = doc.addPage([792, 612]);
  landscape.drawText("P2 landscape", { x: 20, y: 595, size: 8, font });
  const rotated = doc.addPage([612, 792]);
  rotated.setRotation(degrees(90));
  // With /Rotate 90 the displayed top-left corner is the page's bottom-left.
  rotated.drawText("P3 rotated", { x: 20, y: 20, size: 8, font, rotate: degrees(90) });
  return { name, mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) };
}

export const pageOf = (page: Page, n: number) => page.locator(`[data-page="${n}"]`);
export const inspector = (page: Page) => page.getByTestId("field-inspector");

/** Drags a palette item onto page `n`, dropping it at fractions (fx, fy) of the page. */
export async function dropField(page: Page, kind: string, n: number, fx: number, fy: number) {
  const target = pageOf(page, n);
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.locator(`[data-palette="${kind}"]`).dragTo(target, { targetPosition: { x: box.width * fx, y: box.height * fy } });
  await expect(inspector(page)).toBeVisible();
}

/** The selected field's box, as the inspector shows it (fractions of the page). */
export async function selectedBox(page: Page): Promise<Box> {
  const read = async (label: string) => Number(await inspector(page).getByLabel(label, { exact: true }).inputValue()) / 100;
  return { x: await read("Left"), y: await read("Top"), width: await read("Width"), height: await read("Height") };
}

export const fieldOnPage = (page: Page, name: string) => page.locator(`[data-field-name="${name}"]`);

/** Renders one page of a PDF in grey levels (pdftoppm, as a PGM) and answers its pixels. */
export function renderGray(pdf: Uint8Array, pageNo: number, dpi = 72) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stamps-"));
  try {
    fs.writeFileSync(path.join(dir, "in.pdf"), pdf);
    execFileSync("pdftoppm", ["-gray", "-r", String(dpi), "-f", String(pageNo), "-l", String(pageNo), "-singlefile", path.join(dir, "in.pdf"), path.join(dir, "out")]);
    const data = fs.readFileSync(path.join(dir, "out.pgm"));
    // P5 header: magic, width, height, maxval, each separated by whitespace.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString("latin1"))!;
    const [width, height] = [Number(header[1]), Number(header[2])];
    return { width, height, pixels: data.subarray(header[0].length) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The bounding box (fractions of the page) of the dark pixels inside a box
 * grown by `margin` on each side: where the stamp was drawn. Null when there
 * is no ink there.
 */
export function inkBox(img: ReturnType<typeof renderGray>, around: Box, margin = 0.04): Box | null {
  const x0 = Math.max(0, Math.floor((around.x - margin) * img.width));
  const x1 = Math.min(img.width, Math.ceil((around.x + around.width + margin) * img.width));
  const y0 = Math.max(0, Math.floor((around.y - margin) * img.height));
  const y1 = Math.min(img.height, Math.ceil((around.y + around.height + margin) * img.height));
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -1, -1];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      if (img.pixels[y * img.width + x]! < 150) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
  }
  if (maxX < 0) return null;
  return { x: minX / img.width, y: minY / img.height, width: (maxX + 1 - minX) / img.width, height: (maxY + 1 - minY) / img.height };
}

/** The stamp lies inside the placed box, give or take 2 % of the page on each side. */
export function expectInside(ink: Box | null, placed: Box, what: string, tolerance = 0.02) {
  expect(ink, `${what}: no ink near the placed box ${JSON.stringify(placed)}`).not.toBeNull();
  const i = ink!;
  const msg = `${what}: ink ${JSON.stringify(i)} vs placed ${JSON.stringify(placed)}`;
  expect(i.x, msg).toBeGreaterThanOrEqual(placed.x - tolerance);
  expect(i.y, msg).toBeGreaterThanOrEqual(placed.y - tolerance);
  expect(i.x + i.width, msg).toBeLessThanOrEqual(placed.x + placed.width + tolerance);
  expect(i.y + i.height, msg).toBeLessThanOrEqual(placed.y + placed.height + tolerance);
  // Every stamp is centred vertically in its box.
  expect(Math.abs(i.y + i.height / 2 - (placed.y + placed.height / 2)), msg).toBeLessThanOrEqual(tolerance);
}

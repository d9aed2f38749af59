import "server-only";
import { LineCapStyle, PDFDocument, degrees, rgb, type PDFImage, type PDFPage } from "pdf-lib";
import { TextWriter } from "@/lib/server/pdf-text";
import { fitText } from "./fit-text";
import { localToUser, pageViewOf, placeBox, type DisplayBox, type PageView, type Placement } from "./page-geometry";
import { cleanText } from "./safe-text";
import { embedPng } from "./embed-png";

/** One value to draw, at a box in fractions of the displayed page (pages from 1). */
export type Stamp = { page: number; box: DisplayBox; label: string } & (
  | { kind: "text"; text: string; fontSize?: number }
  | { kind: "check" }
  | { kind: "image"; bytes: Uint8Array }
);

// Dark blue, like pen ink, so filled-in values stand out from the printed form.
const INK = rgb(0.05, 0.1, 0.38);
const TEXT_PADDING = 2;

/**
 * Draws every stamp onto a copy of the original PDF and returns the new
 * bytes. The original's own content is wrapped in q/Q by pdf-lib before
 * anything is appended, so a content stream that leaves its graphics state
 * changed cannot move or scale the stamps. Throws when a stamp names a page
 * the PDF does not have or an image that is neither PNG nor JPEG: a signed
 * PDF silently missing an answer is worse than a job that fails loudly.
 */
export async function stampFields(original: Uint8Array, stamps: Stamp[]): Promise<Uint8Array> {
  // updateMetadata: false keeps the sender's title/author; the PDF signature states who produced this copy.
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  await stampFieldsIn(pdf, stamps);
  return pdf.save();
}

/** stampFields on a loaded document (completion loads and saves the PDF once for every mark it adds). */
export async function stampFieldsIn(pdf: PDFDocument, stamps: Stamp[]): Promise<void> {
  const text = await TextWriter.create(pdf);
  const pages = pdf.getPages();
  const images = new Map<Uint8Array, PDFImage>();

  for (const stamp of stamps) {
    const page = pages[stamp.page - 1];
    if (!page) throw new Error(`Field "${stamp.label}" is on page ${stamp.page}, but the PDF has ${pages.length} pages.`);
    const where = placeBox(readPageView(page), stamp.box);
    switch (stamp.kind) {
      case "text":
        drawText(page, where, cleanText(stamp.text), text, stamp.fontSize);
        break;
      case "check":
        drawCheck(page, where);
        break;
      case "image": {
        let image = images.get(stamp.bytes);
        if (!image) {
          image = await embedImage(pdf, stamp.bytes, stamp.label);
          images.set(stamp.bytes, image);
        }
        drawImage(page, where, image);
        break;
      }
    }
  }
  text.finish();
}

/** The page's visible area and rotation, read the way pdf.js reads them (inherited from the page tree too). */
export function readPageView(page: PDFPage): PageView {
  const m = page.getMediaBox();
  const c = page.node.CropBox()?.asRectangle();
  return pageViewOf(
    [m.x, m.y, m.x + m.width, m.y + m.height],
    c ? [c.x, c.y, c.x + c.width, c.y + c.height] : null,
    page.getRotation().angle,
  );
}

// The vertical metrics the layout was made with (Helvetica's bounding box, in em): Noto Sans lines sit where they did.
const ASCENT = 0.931;
const FULL_HEIGHT = 1.156;

/**
 * A text answer fitted into its box (fit-text.ts) and drawn in any script
 * (lib/server/pdf-text). Lines are centred vertically; a left-to-right line
 * starts at the box's left edge like a typed form entry, a right-to-left one
 * (Arabic, Hebrew) ends at its right edge.
 */
function drawText(page: PDFPage, where: Placement, value: string, text: TextWriter, fontSize?: number) {
  if (!value.trim()) return;
  const measure = (t: string, size: number) => text.measure(t, size);
  const { size, lines, lineHeight } = fitText(value, measure, where.width, where.height, TEXT_PADDING, fontSize);
  const block = FULL_HEIGHT * size + (lines.length - 1) * lineHeight;
  const firstBaseline = where.height - (where.height - block) / 2 - ASCENT * size;
  lines.forEach((line, i) => {
    const x = text.isRtl(line) ? Math.max(TEXT_PADDING, where.width - TEXT_PADDING - text.measure(line, size)) : TEXT_PADDING;
    const at = localToUser(where, x, firstBaseline - i * lineHeight);
    text.drawLine(page, line, { x: at.x, y: at.y, size, color: INK, rotate: where.rotation });
  });
}

/** A tick drawn as two strokes, so it never depends on a font having a check-mark glyph. */
function drawCheck(page: PDFPage, where: Placement) {
  const side = Math.min(where.width, where.height);
  const ox = (where.width - side) / 2;
  const oy = (where.height - side) / 2;
  const pt = (fx: number, fy: number) => localToUser(where, ox + fx * side, oy + fy * side);
  const style = { thickness: Math.max(0.75, side * 0.12), color: INK, lineCap: LineCapStyle.Round };
  page.drawLine({ start: pt(0.18, 0.52), end: pt(0.42, 0.22), ...style });
  page.drawLine({ start: pt(0.42, 0.22), end: pt(0.84, 0.82), ...style });
}

/** The image as large as fits the box, aspect ratio kept, centred. */
function drawImage(page: PDFPage, where: Placement, image: PDFImage) {
  const scale = Math.min(where.width / image.width, where.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  // drawImage turns about its (x, y), the image's bottom-left corner: the local frame's rotation.
  const at = localToUser(where, (where.width - width) / 2, (where.height - height) / 2);
  page.drawImage(image, { x: at.x, y: at.y, width, height, rotate: degrees(where.rotation) });
}

async function embedImage(pdf: PDFDocument, bytes: Uint8Array, label: string): Promise<PDFImage> {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (png) return embedPng(pdf, bytes);
  if (jpeg) return pdf.embedJpg(bytes);
  throw new Error(`The image of field "${label}" is neither PNG nor JPEG.`);
}

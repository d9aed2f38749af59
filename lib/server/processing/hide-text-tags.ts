// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import { PDFDocument, rgb, type PDFPage } from "pdf-lib";
import type { TagBox } from "./text-tags";
import { ProcessingError } from "./processing-error";

/**
 * Paints a white rectangle over every tag box, so the tags show neither in
 * the page images nor in the signed PDF (which is made from this file).
 * Whatever lies under a tag's own box is covered too, which is why tags
 * belong in blank space. The text stays in the content stream (a text layer
 * or copy-paste still finds it): removing it would mean rewriting content
 * streams, and covering is what signers see.
 *
 * Takes an already loaded pdf-lib document or the bytes; returns new bytes.
 */
export async function hideTextTags(pdf: Uint8Array | PDFDocument, boxes: readonly TagBox[]): Promise<Uint8Array> {
  const doc = pdf instanceof PDFDocument ? pdf : await loadWithPdfLib(pdf);
  const pages = doc.getPages();
  for (const box of boxes) {
    const page = pages[box.page - 1];
    if (!page) continue;
    page.drawRectangle({ ...toUserSpace(page, box), color: rgb(1, 1, 1), borderWidth: 0 });
  }
  return doc.save();
}

/**
 * Opens a PDF with pdf-lib, which every later write (hiding tags here, the
 * signed PDF at the end) goes through: a file it cannot open is refused now
 * rather than after everyone has signed. Metadata is left as the sender made it.
 */
export async function loadWithPdfLib(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (e) {
    throw ProcessingError.unreadablePdf(e);
  }
}

/**
 * Maps a box in fractions of the displayed page (pdf.js's view: the crop box
 * clipped to the media box, turned by /Rotate clockwise) back to PDF user
 * space, where pdf-lib draws.
 */
function toUserSpace(page: PDFPage, box: TagBox) {
  const media = page.getMediaBox();
  const crop = page.getCropBox();
  const left = Math.max(media.x, crop.x);
  const bottom = Math.max(media.y, crop.y);
  const cw = Math.min(media.x + media.width, crop.x + crop.width) - left;
  const ch = Math.min(media.y + media.height, crop.y + crop.height) - bottom;
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const [shownW, shownH] = rotation === 90 || rotation === 270 ? [ch, cw] : [cw, ch];

  // One displayed point (dx, dy from the top-left) in user space.
  const user = (dx: number, dy: number): [number, number] => {
    switch (rotation) {
      case 90:
        return [left + dy, bottom + dx];
      case 180:
        return [left + cw - dx, bottom + dy];
      case 270:
        return [left + cw - dy, bottom + ch - dx];
      default:
        return [left + dx, bottom + ch - dy];
    }
  };
  const [x1, y1] = user(box.x * shownW, box.y * shownH);
  const [x2, y2] = user((box.x + box.width) * shownW, (box.y + box.height) * shownH);
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

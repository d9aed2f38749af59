import "server-only";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";

// Generates plain contract-like PDFs for demo data and tests. The layout is
// fixed, and the *Box helpers return where each blank was drawn (as fractions
// of the page from its top-left corner, the unit of template fields), so a
// template definition can place its fields exactly on the drawn lines.

export type Box = { x: number; y: number; width: number; height: number };

export type SamplePdfSpec = {
  title: string;
  /** Labelled blanks under the title on page 1 ("Effective date: ____"); see formLineBox. */
  formLines?: string[];
  /** One entry per page: the paragraphs on that page. */
  pages: { heading?: string; text: string }[][];
  /** Statements with a tick box, drawn above the signature blocks; see checkboxBox. */
  checkboxes?: string[];
  /** One signature block per label on the last page; see signatureBlock. */
  signatureBlocks?: string[];
  /** Initials boxes at the foot of every page, one per label; see initialsBox. */
  initials?: string[];
};

const W = 612; // US Letter, points
const H = 792;
const MARGIN = 72;
const BLOCK_ROW = 95;
const CHECKBOX_ROW = 24;

const frac = (x: number, top: number, width: number, height: number): Box => ({
  x: round4(x / W),
  y: round4(top / H),
  width: round4(width / W),
  height: round4(height / H),
});
const round4 = (n: number) => Math.round(n * 10000) / 10000;

// ---- layout, in points from the top-left corner

const formLineTop = (i: number) => 124 + i * 26;
const blocksTop = (blocks: number) => H - MARGIN - Math.ceil(blocks / 2) * BLOCK_ROW;
const blockOrigin = (i: number, blocks: number) => ({
  x: MARGIN + (i % 2) * 252,
  top: blocksTop(blocks) + Math.floor(i / 2) * BLOCK_ROW,
});
const checkboxTop = (i: number, count: number, blocks: number) =>
  blocksTop(blocks) - 12 - (count - i) * CHECKBOX_ROW;
const initialsX = (i: number, count: number) => W - MARGIN - 56 * (count - i) + 6;

/** The blank of form line `i` (page 1). */
export const formLineBox = (i: number): Box => frac(200, formLineTop(i) - 4, 240, 20);

/** The signature, date and printed-name blanks of signature block `i` of `blocks` (last page). */
export function signatureBlock(i: number, blocks: number): { signature: Box; date: Box; name: Box } {
  const { x, top } = blockOrigin(i, blocks);
  return {
    signature: frac(x, top + 16, 140, 32),
    date: frac(x + 150, top + 28, 66, 20),
    name: frac(x, top + 62, 216, 18),
  };
}

/** The tick box of checkbox statement `i` of `count`, above `blocks` signature blocks (last page). */
export const checkboxBox = (i: number, count: number, blocks: number): Box =>
  frac(MARGIN, checkboxTop(i, count, blocks), 12, 12);

/** The initials blank `i` of `count`, left to right at the foot of every page. */
export const initialsBox = (i: number, count: number): Box => frac(initialsX(i, count), 728, 50, 22);

// ---- drawing

/** Renders the spec to PDF bytes; throws if the text of a page does not fit it. */
export async function generateSamplePdf(spec: SamplePdfSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(spec.title);
  doc.setProducer("signing-service demo data");
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const blocks = spec.signatureBlocks?.length ?? 0;
  const checks = spec.checkboxes?.length ?? 0;

  spec.pages.forEach((paragraphs, pageIndex) => {
    const page = doc.addPage([W, H]);
    const isFirst = pageIndex === 0;
    const isLast = pageIndex === spec.pages.length - 1;
    const text = (s: string, x: number, top: number, size: number, font = regular, gray = 0) =>
      page.drawText(s, { x, y: H - top, size, font, color: rgb(gray, gray, gray) });

    let top = MARGIN;
    if (isFirst) {
      text(spec.title, MARGIN, top + 14, 20, bold);
      page.drawLine({ start: { x: MARGIN, y: H - top - 26 }, end: { x: W - MARGIN, y: H - top - 26 }, thickness: 1 });
      (spec.formLines ?? []).forEach((label, i) => {
        text(`${label}:`, MARGIN, formLineTop(i) + 12, 11, bold);
        underline(page, 200, formLineTop(i) + 16, 240);
      });
      top = formLineTop(spec.formLines?.length ?? 0) + 10;
    }

    const bottom = isLast && (blocks || checks) ? checkboxTop(0, checks, blocks) - 16 : 716;
    for (const p of paragraphs) {
      if (p.heading) {
        top += 18;
        text(p.heading, MARGIN, top, 12, bold);
        top += 4;
      }
      for (const line of wrap(p.text, regular, 11, W - 2 * MARGIN)) {
        top += 15;
        text(line, MARGIN, top, 11);
      }
      top += 8;
    }
    if (top > bottom) throw new Error(`generateSamplePdf: the text of page ${pageIndex + 1} does not fit.`);

    if (isLast) {
      (spec.checkboxes ?? []).forEach((label, i) => {
        const t = checkboxTop(i, checks, blocks);
        page.drawRectangle({ x: MARGIN, y: H - t - 12, width: 12, height: 12, borderWidth: 1, borderColor: rgb(0, 0, 0) });
        text(label, MARGIN + 20, t + 10, 10);
      });
      (spec.signatureBlocks ?? []).forEach((label, i) => {
        const { x, top: t } = blockOrigin(i, blocks);
        text(label, x, t + 10, 10, bold);
        underline(page, x, t + 48, 140);
        underline(page, x + 150, t + 48, 66);
        underline(page, x, t + 80, 216);
        text("Signature", x, t + 58, 8, regular, 0.4);
        text("Date", x + 150, t + 58, 8, regular, 0.4);
        text("Printed name", x, t + 89, 8, regular, 0.4);
      });
    }
    const initials = spec.initials ?? [];
    initials.forEach((label, i) => {
      underline(page, initialsX(i, initials.length), 750, 50);
      text(fit(label, regular, 6, 50), initialsX(i, initials.length), 758, 6, regular, 0.4);
      text("initials", initialsX(i, initials.length), 765, 6, regular, 0.4);
    });
    text(`Page ${pageIndex + 1} of ${spec.pages.length}`, MARGIN, 760, 8, regular, 0.4);
  });

  return doc.save();
}

function underline(page: PDFPage, x: number, top: number, width: number) {
  page.drawLine({ start: { x, y: H - top }, end: { x: x + width, y: H - top }, thickness: 0.75, color: rgb(0.2, 0.2, 0.2) });
}

/** The text, shortened with an ellipsis until it fits `width`. */
function fit(text: string, font: PDFFont, size: number, width: number): string {
  let t = text;
  while (t.length > 1 && font.widthOfTextAtSize(t, size) > width) t = t.slice(0, -2) + "\u2026";
  return t;
}

/** Greedy word wrap for the standard fonts (ASCII text). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

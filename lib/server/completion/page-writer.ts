import "server-only";
import { rgb, type PDFDocument, type PDFPage, type RGB } from "pdf-lib";
import { fontsReady } from "@/lib/server/pdf-text";
import { TextWriter } from "@/lib/server/pdf-text/text-writer";
import { wrapWords } from "./fit-text";
import { cleanText } from "./safe-text";

// The layout of the service's own A4 documents (the signature certificate,
// the verification report): a text cursor from the top of the page down,
// labelled values, wrapped paragraphs, audit entries and a numbered footer.
// Text in any script is drawn through lib/server/pdf-text (Noto Sans, the
// script's Noto face where needed), so names and values print as typed.

// A4 in points.
export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const MARGIN = 50;
const FOOTER = 36;
const LABEL_W = 110;
const TIME_W = 118;
const GRAY = rgb(0.4, 0.4, 0.45);
const BLACK = rgb(0.07, 0.09, 0.15);

/** "2025-03-01 14:05:09 UTC": UTC only, so the certificate reads the same everywhere. */
export const utc = (d: Date | null) => (d ? `${d.toISOString().slice(0, 19).replace("T", " ")} UTC` : "-");

export type PageEvent = { time: Date; keyword: string; payload: string; ipAddress: string | null };

export type FontChoice = "regular" | "bold";
type LineOpts = { font?: FontChoice; size?: number; color?: RGB; x?: number; after?: number };

const weightOf = (font: FontChoice | undefined) => (font === "bold" ? 700 : 400);

export type PageWriter = Awaited<ReturnType<typeof writer>>;

/**
 * A top-to-bottom text cursor that starts a new page when the next block
 * would not fit (once the fonts of lib/server/pdf-text are loaded).
 */
export async function writer(pdf: PDFDocument) {
  await fontsReady();
  const text = TextWriter.forReadyFonts(pdf);
  let page: PDFPage = pdf.addPage([PAGE_W, PAGE_H]);
  let y = PAGE_H - MARGIN;
  const clean = (s: string) => cleanText(s);
  const wrap = (s: string, font: FontChoice | undefined, size: number, width: number) =>
    wrapWords(clean(s).replace(/\s+/g, " ").trim(), (t, sz) => text.measure(t, sz, weightOf(font)), size, width);

  const keep = (height: number) => {
    if (y - height >= MARGIN + FOOTER) return;
    page = pdf.addPage([PAGE_W, PAGE_H]);
    y = PAGE_H - MARGIN;
  };
  const draw = (s: string, x: number, size: number, font: FontChoice | undefined, color: RGB) =>
    text.drawLine(page, s, { x, y: y - size, size, weight: weightOf(font), color });

  const api = {
    keep,
    gap: (h: number) => void (y -= h),
    line(text: string, o: LineOpts = {}) {
      const size = o.size ?? 10;
      keep(size * 1.3);
      draw(clean(text), o.x ?? MARGIN, size, o.font, o.color ?? BLACK);
      y -= size * 1.3 + (o.after ?? 0);
    },
    paragraph(text: string, o: LineOpts = {}) {
      const size = o.size ?? 10;
      for (const l of wrap(text, o.font, size, PAGE_W - 2 * MARGIN)) api.line(l, { ...o, after: 0 });
      y -= o.after ?? 4;
    },
    rule() {
      page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_W - MARGIN, y }, thickness: 0.75, color: GRAY });
      y -= 8;
    },
    heading(text: string) {
      keep(14 * 1.3 + 8 + 3 * 13); // a heading never ends a page on its own
      y -= 8;
      api.line(text, { font: "bold", size: 13, after: 3 });
    },
    /** Label on the left, value wrapped in the column to its right. */
    pair(label: string, value: string) {
      const size = 9.5;
      const lines = wrap(value || "-", "regular", size, PAGE_W - 2 * MARGIN - LABEL_W);
      keep(lines.length * size * 1.3);
      draw(clean(label), MARGIN, size, "regular", GRAY);
      for (const l of lines) {
        keep(size * 1.3);
        draw(l, MARGIN + LABEL_W, size, "regular", BLACK);
        y -= size * 1.3;
      }
    },
    /** One audit entry: time in the left column; keyword, IP and the wrapped payload beside it. */
    event(e: PageEvent) {
      const size = 9;
      const width = PAGE_W - 2 * MARGIN - TIME_W;
      const head = `${e.keyword}${e.ipAddress ? `  -  IP ${e.ipAddress}` : ""}`;
      const lines = wrap(e.payload, "regular", size, width);
      keep((lines.length + 1) * size * 1.3 + 5);
      draw(utc(e.time), MARGIN, size, "regular", GRAY);
      draw(clean(head), MARGIN + TIME_W, size, "bold", BLACK);
      y -= size * 1.3;
      for (const l of lines) {
        keep(size * 1.3);
        draw(l, MARGIN + TIME_W, size, "regular", BLACK);
        y -= size * 1.3;
      }
      y -= 5;
    },
    /** Reserves `height` points (on a new page if they do not fit) and hands `draw` the page and the block's top-left corner. */
    block(height: number, draw: (page: PDFPage, left: number, top: number) => void) {
      keep(height);
      draw(page, MARGIN, y);
      y -= height;
    },
    /** Footer with page numbers, written once the number of pages is known; then the fonts. Last call before pdf.save(). */
    finish(label: string) {
      const pages = pdf.getPages();
      pages.forEach((p, i) => {
        const footer = clean(`${label}  |  Page ${i + 1} of ${pages.length}`);
        text.drawLine(p, footer, { x: MARGIN, y: MARGIN - 10, size: 8, color: GRAY });
      });
      text.finish();
    },
  };
  return api;
}

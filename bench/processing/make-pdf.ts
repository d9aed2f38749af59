import { PDFDocument, StandardFonts, rgb, degrees } from "pdf-lib";

/**
 * A deterministic N-page Letter PDF for the processing benchmark: a page of
 * body text, a vector chart (many stroked segments, Bézier curves, filled and
 * semi-transparent shapes) so rasterising is real work, and text tags on a
 * few pages so the pipeline's tag reading and hiding have something to do.
 * Seeded, so every run (and every machine) gets the same bytes.
 */
export const TAG_ROLES = ["Signer 1", "Signer 2"] as const;

// Which pages carry which tags (1-based); the rest have none, as in real contracts.
const TAGS: Record<number, string[]> = {
  1: ["[[initials|Signer 1]]"],
  10: ["[[text|Signer 2|name=company]]"],
  25: ["[[date|Signer 1]]", "[[checkbox|Signer 2]]"],
  50: ["[[signature|Signer 1]]", "[[signature|Signer 2]]"],
};

/** Fields processUpload should return: one per tag, plus one automatic signature per role left untagged. */
export function expectedFieldCount(pageCount: number): number {
  const tags = Object.entries(TAGS).flatMap(([page, t]) => (Number(page) <= pageCount ? t : []));
  return tags.length + TAG_ROLES.filter((r) => !tags.some((t) => t.includes(`|${r}`))).length;
}

const WORDS = "the parties agree that this contract shall be governed by applicable law and any dispute arising from it will be settled by arbitration in good faith within thirty days of notice".split(" ");

/** mulberry32: tiny seeded PRNG, so the drawing is the same every run. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function makeBenchPdf(pageCount: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const rand = rng(42);
  const word = () => WORDS[Math.floor(rand() * WORDS.length)]!;

  for (let n = 1; n <= pageCount; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Section ${n}. Terms and conditions`, { x: 54, y: 740, size: 16, font: bold });

    // ~30 lines of body text (text is what pdf.js's text pass and glyph rendering cost).
    for (let line = 0; line < 30; line++) {
      const text = Array.from({ length: 12 }, word).join(" ");
      page.drawText(text, { x: 54, y: 710 - line * 13, size: 10, font });
    }

    // Vector chart in the lower half: grid, two 120-point polylines, a Bézier band, bars, circles.
    const [cx, cy, cw, ch] = [54, 120, 504, 170];
    for (let i = 0; i <= 10; i++) {
      page.drawLine({ start: { x: cx, y: cy + (i * ch) / 10 }, end: { x: cx + cw, y: cy + (i * ch) / 10 }, thickness: 0.3, color: rgb(0.8, 0.8, 0.8) });
      page.drawLine({ start: { x: cx + (i * cw) / 10, y: cy }, end: { x: cx + (i * cw) / 10, y: cy + ch }, thickness: 0.3, color: rgb(0.8, 0.8, 0.8) });
    }
    for (const color of [rgb(0.1, 0.3, 0.8), rgb(0.8, 0.2, 0.1)]) {
      let d = "";
      for (let i = 0; i < 120; i++) d += `${i ? "L" : "M"}${(i * cw) / 119} ${rand() * ch} `;
      page.drawSvgPath(d, { x: cx, y: cy + ch, borderColor: color, borderWidth: 1 });
    }
    let band = `M0 ${ch / 2} `; // drawSvgPath: origin at (x, y), SVG y grows downwards
    for (let i = 1; i <= 12; i++) band += `C${i * 42 - 28} ${rand() * ch} ${i * 42 - 14} ${rand() * ch} ${i * 42} ${ch / 2} `;
    page.drawSvgPath(band + "Z", { x: cx, y: cy + ch, color: rgb(0.2, 0.7, 0.4), opacity: 0.35 });
    for (let i = 0; i < 24; i++) {
      page.drawRectangle({ x: cx + i * 21, y: 60, width: 14, height: 10 + rand() * 45, color: rgb(rand(), 0.5, 0.7) });
    }
    for (let i = 0; i < 8; i++) {
      page.drawEllipse({ x: 80 + rand() * 450, y: 150 + rand() * 120, xScale: 20, yScale: 12, rotate: degrees(rand() * 90), color: rgb(0.9, 0.6, 0.1), opacity: 0.5 });
    }

    // Tags go in blank space at the top right, one per line, where a sender would type them.
    (TAGS[n] ?? []).forEach((tag, i) => page.drawText(tag, { x: 360, y: 750 - i * 14, size: 10, font }));
  }
  return doc.save();
}

// The one way the completion job puts text on a PDF page (field values,
// merge values, names, the certificate). Usage:
//
//   const writer = await TextWriter.create(pdf);
//   writer.measure(text, size);                 // width in points (synchronous)
//   writer.drawLine(page, text, { x, y, size });
//   writer.finish();                            // before pdf.save(): writes the font subsets
//
// Any script is drawn with the Noto face of its script (shape-line.ts);
// a character no font has becomes a visible U+FFFD, never an error.
import {
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setFontAndSize,
  showText,
  type PDFDocument,
  type PDFPage,
  type RGB,
} from "pdf-lib";
import { FontEmbedder } from "./embed-fonts";
import { areFontsReady, fontsReady, type Weight } from "./font-catalog";
import { cjkHintOf, shapeLine, type CjkHint, type ShapedRun } from "./shape-line";

export type LineStyle = {
  x: number;
  y: number;
  size: number;
  weight?: Weight;
  color?: RGB;
  /** Counter-clockwise, degrees, about (x, y). */
  rotate?: number;
  /** Han characters in Japanese or Korean shapes: by default taken from the text itself (kana, Hangul). */
  cjk?: CjkHint;
};

export class TextWriter {
  private readonly fonts: FontEmbedder;

  /** A writer for `pdf` where fontsReady() has already resolved (throws otherwise). */
  static forReadyFonts(pdf: PDFDocument): TextWriter {
    if (!areFontsReady()) throw new Error("The fonts are not loaded yet: await fontsReady() before drawing text.");
    return new TextWriter(pdf);
  }

  private constructor(pdf: PDFDocument) {
    this.fonts = new FontEmbedder(pdf);
  }

  /** A writer for `pdf`, once the fonts can be loaded (the first call in a process waits a moment). */
  static async create(pdf: PDFDocument): Promise<TextWriter> {
    await fontsReady();
    return new TextWriter(pdf);
  }

  /** Width of one line of `text` at `size`, in points. */
  measure(text: string, size: number, weight: Weight = 400, cjk?: CjkHint): number {
    return shapeLine(text, weight, cjk ?? cjkHintOf(text)).width * size;
  }

  /** Whether the line's paragraph direction is right-to-left (its first strong character is Arabic or Hebrew). */
  isRtl(text: string, weight: Weight = 400): boolean {
    return shapeLine(text, weight).rtl;
  }

  /**
   * Draws one line with its left end of the baseline at (x, y), runs in
   * visual order. The glyphs are placed one by one where the shaping put
   * them; each maps back to its characters through the font's ToUnicode, and
   * a left-to-right run whose glyphs do not read as its text (Indic vowel
   * signs drawn before their consonant, stacked Thai marks) is marked with
   * its text as /ActualText, so extraction returns exactly what was typed.
   */
  drawLine(page: PDFPage, text: string, style: LineStyle): void {
    if (!text) return;
    const weight = style.weight ?? 400;
    const line = shapeLine(text, weight, style.cjk ?? cjkHintOf(text));
    if (!line.runs.length) return;
    const angle = ((style.rotate ?? 0) * Math.PI) / 180;
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const size = style.size;
    // The text matrix's rotation part, formatted once per line (see decimal()).
    const [a, b, c] = [decimal(cos, 6), decimal(sin, 6), decimal(-sin, 6)];

    const ops: PDFOperator[] = [pushGraphicsState(), setFillingColor(style.color ?? rgb(0, 0, 0)), beginText()];
    let pen = 0; // along the baseline, in points
    for (const run of line.runs) {
      const scale = size / run.face.font.unitsPerEm;
      const actual = needsActualText(run);
      if (actual) ops.push(beginSpan(page, run.text));
      ops.push(setFontAndSize(this.fonts.resourceName(page, run.face), size));
      for (const g of run.glyphs) {
        const gid = this.fonts.glyphId(run.face, g);
        const dx = pen + g.xOffset * scale;
        const dy = g.yOffset * scale;
        const x = style.x + dx * cos - dy * sin;
        const y = style.y + dx * sin + dy * cos;
        ops.push(PDFOperator.of(PDFOperatorNames.SetTextMatrix, [a, b, c, a, decimal(x, 3), decimal(y, 3)]));
        ops.push(showText(PDFHexString.of(gid.toString(16).padStart(4, "0"))));
        pen += g.xAdvance * scale;
      }
      if (actual) ops.push(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    }
    ops.push(endText(), popGraphicsState());
    page.pushOperators(...ops);
  }

  /** Writes the font subsets into the PDF: after the last drawLine, before save. */
  finish(): void {
    this.fonts.finish();
  }
}

/**
 * A number as a PDF operand, rounded to `places` decimals. Written here rather
 * than as pdf-lib's PDFNumber (setTextMatrix): its general formatting was
 * the most expensive step of drawing a certificate (two operators per glyph).
 * After rounding a number has no exponent in JavaScript's notation (the
 * smallest non-zero is 1e-6, printed "0.000001"; coordinates stay far below 1e21).
 */
function decimal(n: number, places: 3 | 6): string {
  const f = places === 3 ? 1000 : 1_000_000;
  const v = Math.round(n * f) / f;
  return Object.is(v, -0) ? "0" : String(v);
}

/**
 * Whether extraction needs the run's text spelled out: in a left-to-right
 * run whose glyphs, read in drawing order, do not give its text (an Indic
 * vowel sign drawn before its consonant, a glyph split in two) or that has
 * marks placed on other glyphs. Right-to-left runs are not marked:
 * extractors (poppler, pdf.js) put right-to-left glyphs back in logical
 * order themselves, and poppler would reverse an /ActualText too.
 */
function needsActualText(run: ShapedRun): boolean {
  if (run.rtl) return false;
  // Marks placed above or below their base (Thai tone marks, stacked vowels) would extract as a line of their own.
  if (run.glyphs.some((g) => g.yOffset !== 0 || g.xAdvance === 0)) return true;
  const drawn = run.glyphs.map((g) => String.fromCodePoint(...g.codePoints)).join("");
  return drawn.normalize("NFC") !== run.text.normalize("NFC");
}

function beginSpan(page: PDFPage, text: string): PDFOperator {
  const props = page.doc.context.obj({});
  props.set(PDFName.of("ActualText"), PDFHexString.fromText(text));
  // A property list is a dictionary operand; pdf-lib's operand type does not list it, but writes it inline.
  return PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of("Span"), props as unknown as PDFName]);
}

// The fonts of one PDF: every face drawn with becomes a Type0 font
// (CIDFontType2, Identity-H) holding only the glyphs drawn with it. The
// glyph ids of the subset are the character codes in the content stream;
// the ToUnicode map gives each the characters it was shaped from, so text
// extraction returns what was typed. Objects are reserved when a face is
// first used and written by finish(), once every glyph is known.
import crypto from "node:crypto";
import zlib from "node:zlib";
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  type PDFContext,
  type PDFDocument,
  type PDFPage,
} from "pdf-lib";
import type { Subset } from "fontkit";
import { fontName, type Face } from "./font-catalog";
import type { ShapedGlyph } from "./shape-line";

type EmbeddedFace = {
  face: Face;
  ref: PDFRef;
  subset: Subset;
  /** New glyph id → the text it stands for, and its advance in font units. */
  glyphs: Map<number, { text: string; advance: number }>;
};

export class FontEmbedder {
  private readonly faces = new Map<string, EmbeddedFace>();
  private readonly pageNames = new WeakMap<PDFPage, Map<PDFRef, PDFName>>();
  private finished = false;

  constructor(private readonly pdf: PDFDocument) {}

  /** The subset glyph id for a shaped glyph of `face` (the glyph is added to the subset). */
  glyphId(face: Face, glyph: ShapedGlyph): number {
    const e = this.entry(face);
    const gid = e.subset.includeGlyph(glyph.id);
    if (!e.glyphs.has(gid)) {
      const text = String.fromCodePoint(...glyph.codePoints);
      e.glyphs.set(gid, { text, advance: face.font.getGlyph(glyph.id).advanceWidth });
    } else if (!e.glyphs.get(gid)!.text && glyph.codePoints.length) {
      e.glyphs.get(gid)!.text = String.fromCodePoint(...glyph.codePoints);
    }
    return gid;
  }

  /** The name of the face's font in the page's resources. */
  resourceName(page: PDFPage, face: Face): PDFName {
    const ref = this.entry(face).ref;
    let names = this.pageNames.get(page);
    if (!names) this.pageNames.set(page, (names = new Map()));
    let name = names.get(ref);
    if (!name) names.set(ref, (name = page.node.newFontDictionary("NotoF", ref)));
    return name;
  }

  private entry(face: Face): EmbeddedFace {
    if (this.finished) throw new Error("Text was drawn after the fonts of the PDF were written.");
    let e = this.faces.get(face.key);
    if (!e) {
      const subset = face.font.createSubset();
      // fontkit 2.0.4 re-encodes the outlines of a variable font's instance with an encoder that throws
      // (restructure 3 wants a buffer, not a length): ours writes the same simple-glyph format.
      (subset as unknown as { glyphEncoder: unknown }).glyphEncoder = { encodeSimple: encodeSimpleGlyphOnce };
      e = { face, ref: this.pdf.context.nextRef(), subset, glyphs: new Map() };
      this.faces.set(face.key, e);
    }
    return e;
  }

  /** Writes every font. Call once, after the last text is drawn and before the PDF is saved. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    for (const e of this.faces.values()) this.write(e);
  }

  private write(e: EmbeddedFace) {
    const { context } = this.pdf;
    const font = e.face.font;
    const bytes = e.subset.encode();
    const scale = 1000 / font.unitsPerEm;
    const tag = crypto.createHash("sha256").update(bytes).digest().subarray(0, 6);
    const prefix = [...tag].map((b) => String.fromCharCode(65 + (b % 26))).join("");
    const baseName = `${prefix}+${fontName(e.face.family, e.face.weight)}`;

    const fontFile = flateStream(context, bytes, { Length1: bytes.length });
    const descriptor = context.obj({
      Type: "FontDescriptor",
      FontName: baseName,
      Flags: 4,
      FontBBox: [font.bbox.minX * scale, font.bbox.minY * scale, font.bbox.maxX * scale, font.bbox.maxY * scale].map(Math.round),
      ItalicAngle: font.italicAngle,
      Ascent: Math.round(font.ascent * scale),
      Descent: Math.round(font.descent * scale),
      CapHeight: Math.round((font.capHeight || font.ascent * 0.7) * scale),
      StemV: e.face.weight === 700 ? 140 : 80,
      FontFile2: context.register(fontFile),
    });

    const gids = [...e.glyphs.keys()].sort((a, b) => a - b);
    const widths = PDFArray.withContext(context);
    for (const gid of gids) {
      widths.push(PDFNumber.of(gid));
      widths.push(context.obj([Math.round(e.glyphs.get(gid)!.advance * scale)]));
    }
    const cidFont = context.obj({
      Type: "Font",
      Subtype: "CIDFontType2",
      BaseFont: baseName,
      CIDSystemInfo: { Registry: PDFHexString.fromText("Adobe"), Ordering: PDFHexString.fromText("Identity"), Supplement: 0 },
      FontDescriptor: context.register(descriptor),
      W: widths,
      DW: 0,
      CIDToGIDMap: "Identity",
    });
    const toUnicode = flateStream(context, toUnicodeCMap(gids.map((gid) => [gid, e.glyphs.get(gid)!.text])));
    const type0 = PDFDict.withContext(context);
    type0.set(PDFName.of("Type"), PDFName.of("Font"));
    type0.set(PDFName.of("Subtype"), PDFName.of("Type0"));
    type0.set(PDFName.of("BaseFont"), PDFName.of(baseName));
    type0.set(PDFName.of("Encoding"), PDFName.of("Identity-H"));
    type0.set(PDFName.of("DescendantFonts"), context.obj([context.register(cidFont)]));
    type0.set(PDFName.of("ToUnicode"), context.register(toUnicode));
    context.assign(e.ref, type0);
  }
}

/**
 * A /FlateDecode stream compressed by Node's zlib: pdf-lib's flateStream runs
 * pako in JavaScript, a third of the time of writing a subset font file.
 */
function flateStream(context: PDFContext, data: Uint8Array | string, dict: Record<string, number> = {}) {
  const raw = typeof data === "string" ? Buffer.from(data, "latin1") : data;
  return context.stream(zlib.deflateSync(raw), { ...dict, Filter: "FlateDecode" });
}

// fontkit keeps one path object per glyph of a face (faces live for the process), so a glyph's
// encoding is made once, not once per PDF: it was a fifth of writing the certificate's fonts.
const encodedGlyphs = new WeakMap<object, Uint8Array>();

function encodeSimpleGlyphOnce(path: { commands: PathCommand[] }): Uint8Array {
  let bytes = encodedGlyphs.get(path);
  if (!bytes) encodedGlyphs.set(path, (bytes = encodeSimpleGlyph(path)));
  return bytes;
}

type PathCommand = { command: string; args: number[] };

/**
 * A TrueType simple glyph (glyf entry) from a quadratic outline: coordinates
 * rounded to font units, no hinting instructions, padded to 4 bytes.
 */
export function encodeSimpleGlyph(path: { commands: PathCommand[] }): Uint8Array {
  const contours: { x: number; y: number; on: boolean }[][] = [];
  let current: { x: number; y: number; on: boolean }[] | null = null;
  const add = (x: number, y: number, on: boolean) => current!.push({ x: Math.round(x), y: Math.round(y), on });
  for (const c of path.commands) {
    const a = c.args;
    if (c.command === "moveTo") {
      current = [];
      contours.push(current);
      add(a[0]!, a[1]!, true);
    } else if (!current) {
      continue;
    } else if (c.command === "lineTo") {
      add(a[0]!, a[1]!, true);
    } else if (c.command === "quadraticCurveTo") {
      add(a[0]!, a[1]!, false);
      add(a[2]!, a[3]!, true);
    } else if (c.command === "bezierCurveTo") {
      // Not in TrueType outlines; approximated by one quadratic through the mean control point.
      add((a[0]! + a[2]!) / 2, (a[1]! + a[3]!) / 2, false);
      add(a[4]!, a[5]!, true);
    }
  }
  for (const contour of contours) {
    const first = contour[0];
    const last = contour[contour.length - 1];
    if (contour.length > 1 && first && last && last.on && last.x === first.x && last.y === first.y) contour.pop();
  }
  const kept = contours.filter((c) => c.length > 0);
  const points = kept.flat();
  if (!points.length) return new Uint8Array(0);

  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const flags: number[] = [];
  const xBytes: number[] = [];
  const yBytes: number[] = [];
  let lastX = 0;
  let lastY = 0;
  for (const p of points) {
    let flag = p.on ? 1 : 0;
    flag |= coord(p.x - lastX, xBytes, 2, 16);
    flag |= coord(p.y - lastY, yBytes, 4, 32);
    flags.push(flag);
    lastX = p.x;
    lastY = p.y;
  }
  const header = 10 + 2 * kept.length + 2;
  const size = header + flags.length + xBytes.length + yBytes.length;
  const out = new Uint8Array(size + ((4 - (size % 4)) % 4));
  const view = new DataView(out.buffer);
  view.setInt16(0, kept.length);
  view.setInt16(2, Math.min(...xs));
  view.setInt16(4, Math.min(...ys));
  view.setInt16(6, Math.max(...xs));
  view.setInt16(8, Math.max(...ys));
  let pos = 10;
  let end = -1;
  for (const c of kept) {
    end += c.length;
    view.setUint16(pos, end);
    pos += 2;
  }
  view.setUint16(pos, 0); // no instructions
  pos += 2;
  out.set(flags, pos);
  pos += flags.length;
  out.set(xBytes, pos);
  pos += xBytes.length;
  out.set(yBytes, pos);
  return out;
}

/** One coordinate delta: the flag bits it needs, its bytes appended. */
function coord(delta: number, bytes: number[], shortBit: number, sameOrPositiveBit: number): number {
  if (delta === 0) return sameOrPositiveBit;
  if (delta >= -255 && delta <= 255) {
    bytes.push(Math.abs(delta));
    return shortBit | (delta > 0 ? sameOrPositiveBit : 0);
  }
  bytes.push((delta >> 8) & 0xff, delta & 0xff);
  return 0;
}

const hex4 = (n: number) => n.toString(16).padStart(4, "0").toUpperCase();
const utf16Hex = (s: string) => [...s].map((ch) => {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x10000) return hex4(cp);
  const v = cp - 0x10000;
  return hex4(0xd800 + (v >> 10)) + hex4(0xdc00 + (v & 0x3ff));
}).join("");

/** A ToUnicode CMap: each code (= subset glyph id) to its text; a glyph with no text of its own maps to nothing. */
function toUnicodeCMap(entries: [number, string][]): string {
  const mapped = entries.filter(([, text]) => text);
  const chunks: string[] = [];
  for (let i = 0; i < mapped.length; i += 100) {
    const part = mapped.slice(i, i + 100);
    chunks.push(`${part.length} beginbfchar\n${part.map(([gid, text]) => `<${hex4(gid)}> <${utf16Hex(text)}>`).join("\n")}\nendbfchar`);
  }
  return [
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def",
    "/CMapType 2 def",
    "1 begincodespacerange",
    "<0000> <FFFF>",
    "endcodespacerange",
    ...chunks,
    "endcmap",
    "CMapName currentdict /CMapType get exch defineresource pop",
    "end",
    "end",
  ].join("\n");
}

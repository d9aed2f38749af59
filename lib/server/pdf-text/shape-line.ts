// One line of text, in any mix of scripts, turned into runs of positioned
// glyphs in visual (left-to-right drawing) order:
//   1. every character gets a face: the Noto family of its script (Han
//      follows the text: Japanese when it has kana, Korean when it has
//      Hangul, Chinese otherwise), neutral characters (spaces, digits,
//      punctuation, combining marks) the face of the text around them, and a
//      character no family has the replacement glyph U+FFFD;
//   2. the Unicode Bidirectional Algorithm (bidi-js) gives each character its
//      level; runs of one face and one level are shaped by fontkit (Arabic
//      joining, Indic reordering and conjuncts, mark positioning, kerning);
//   3. runs are put in visual order (UAX #9, rule L2).
// Fonts load on first use, synchronously (fontsReady() must have resolved
// once per process), so measuring, which fitting does many times, is cheap.
import bidiFactory from "bidi-js";
import { FALLBACK_ORDER, loadFace, slicesFor, type Face, type Family, type Weight } from "./font-catalog";

const bidi = bidiFactory();

export type ShapedGlyph = { id: number; codePoints: number[]; xAdvance: number; xOffset: number; yOffset: number };
export type ShapedRun = { face: Face; rtl: boolean; /** Logical order. */ text: string; glyphs: ShapedGlyph[]; /** In font units. */ width: number };
/** Widths are in em (multiply by the font size for points). */
export type ShapedLine = { text: string; runs: ShapedRun[]; width: number; rtl: boolean };

const REPLACEMENT = 0xfffd;

const SCRIPT_RANGES: [number, number, Family | "han" | "kana" | "hangul"][] = [
  [0x0590, 0x05ff, "hebrew"],
  [0xfb1d, 0xfb4f, "hebrew"],
  [0x0600, 0x06ff, "arabic"],
  [0x0750, 0x077f, "arabic"],
  [0x0870, 0x08ff, "arabic"],
  [0xfb50, 0xfdff, "arabic"],
  [0xfe70, 0xfeff, "arabic"],
  [0x0900, 0x097f, "devanagari"],
  [0xa8e0, 0xa8ff, "devanagari"],
  [0x1cd0, 0x1cff, "devanagari"],
  [0x0e00, 0x0e7f, "thai"],
  [0x1100, 0x11ff, "hangul"],
  [0x3130, 0x318f, "hangul"],
  [0xa960, 0xa97f, "hangul"],
  [0xac00, 0xd7ff, "hangul"],
  [0x3040, 0x30ff, "kana"],
  [0x31f0, 0x31ff, "kana"],
  [0xff66, 0xff9f, "kana"],
  [0x2e80, 0x2fdf, "han"],
  [0x3000, 0x303f, "han"],
  [0x3400, 0x4dbf, "han"],
  [0x4e00, 0x9fff, "han"],
  [0xf900, 0xfaff, "han"],
  [0xff00, 0xffef, "han"],
  [0x20000, 0x3134f, "han"],
];

/** Which CJK font a text's Han characters use. */
export type CjkHint = "sc" | "jp" | "kr";

export function cjkHintOf(text: string): CjkHint {
  if (/[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u.test(text)) return "jp";
  if (/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u.test(text)) return "kr";
  return "sc";
}

/** The family a character asks for, or null for a neutral one that takes its neighbours'. */
function scriptFamily(cp: number, hint: CjkHint): Family | null {
  for (const [lo, hi, s] of SCRIPT_RANGES) {
    if (cp < lo || cp > hi) continue;
    if (s === "hangul") return "kr";
    if (s === "kana") return "jp";
    if (s === "han") return hint;
    return s;
  }
  const ch = String.fromCodePoint(cp);
  if (/[\p{L}]/u.test(ch)) return "latin";
  return null;
}

const isIgnorable = (ch: string) => /^[\p{Cf}\p{Cc}\u034f\ufe00-\ufe0f\u{e0100}-\u{e01ef}]$/u.test(ch);
const isMark = (ch: string) => /^\p{M}$/u.test(ch);

/** The first face (family by family, slice by slice) that has a glyph for `cp`. */
function findFace(cp: number, families: Family[], weight: Weight): Face | null {
  for (const family of families) {
    for (const slice of slicesFor(family, cp)) {
      let face: Face;
      try {
        face = loadFace(family, slice, weight);
      } catch (err) {
        if (isReadyError(err)) throw err;
        console.error(`[pdf-text] skipping the font ${slice.file}:`, err); // a broken file costs its characters, not the job
        continue;
      }
      if (face.font.hasGlyphForCodePoint(cp)) return face;
    }
  }
  return null;
}

const isReadyError = (err: unknown) => err instanceof Error && err.message.includes("fontsReady");

/** The families to try for each character of `text`, in order. */
function candidates(text: string, hint: CjkHint): { ch: string; cp: number; families: Family[] }[] {
  const chars = [...text].map((ch) => ({ ch, cp: ch.codePointAt(0)!, own: scriptFamily(ch.codePointAt(0)!, hint) }));
  // Neutral characters take the family before them (or, at the start, the first one after them).
  let prev: Family | null = null;
  const firstOwn = chars.find((c) => c.own)?.own ?? "latin";
  return chars.map((c) => {
    const family: Family = c.own ?? prev ?? firstOwn;
    if (c.own) prev = c.own;
    return { ch: c.ch, cp: c.cp, families: [family, ...FALLBACK_ORDER.filter((f) => f !== family)] };
  });
}

const lineCache = new Map<string, ShapedLine>();
const LINE_CACHE_MAX = 5000;

/** Shapes one line (line breaks count as spaces). Needs fontsReady() to have resolved. */
export function shapeLine(text: string, weight: Weight, hint: CjkHint = cjkHintOf(text)): ShapedLine {
  const cacheKey = `${weight}|${hint}|${text}`;
  const hit = lineCache.get(cacheKey);
  if (hit) return hit;

  const clean = text.replace(/[\r\n\t\u2028\u2029]/g, " ");
  const embedding = bidi.getEmbeddingLevels(clean);
  const mirrored = bidi.getMirroredCharactersMap(clean, embedding.levels);
  const paragraphLevel = embedding.paragraphs[0]?.level ?? 0;

  // Characters with their face and level, in logical order.
  type Item = { ch: string; face: Face; level: number };
  const items: Item[] = [];
  let index = 0; // UTF-16 index into `clean`, for the bidi levels
  let prevFace: Face | null = null;
  for (const c of candidates(clean, hint)) {
    const level = embedding.levels[index] ?? paragraphLevel;
    const ch = mirrored.get(index) ?? c.ch; // brackets in right-to-left runs face the other way
    index += c.ch.length;
    // Marks and joiners stay with their base character's face when it has them.
    if (prevFace && (isMark(c.ch) || isIgnorable(c.ch)) && prevFace.font.hasGlyphForCodePoint(c.cp)) {
      items.push({ ch, face: prevFace, level });
      continue;
    }
    const face = findFace(c.cp, c.families, weight);
    if (face) {
      items.push({ ch, face, level });
      prevFace = face;
      continue;
    }
    if (isIgnorable(c.ch) || isMark(c.ch)) continue; // invisible anyway: leave it out rather than draw a box
    const fallback = findFace(REPLACEMENT, ["latin"], weight);
    if (fallback) items.push({ ch: "\ufffd", face: fallback, level });
  }

  // Runs of one face and one level, shaped.
  const runs: (ShapedRun & { level: number })[] = [];
  for (let i = 0; i < items.length; ) {
    const { face, level } = items[i]!;
    let j = i;
    let runText = "";
    while (j < items.length && items[j]!.face === face && items[j]!.level === level) runText += items[j++]!.ch;
    runs.push({ ...shapeRun(face, runText, level % 2 === 1), level });
    i = j;
  }

  // Rule L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or higher.
  const maxLevel = Math.max(0, ...runs.map((r) => r.level));
  const minOdd = Math.max(1, Math.min(...runs.map((r) => (r.level % 2 ? r.level : r.level + 1))));
  for (let lvl = maxLevel; lvl >= minOdd; lvl--) {
    for (let i = 0; i < runs.length; ) {
      if (runs[i]!.level < lvl) {
        i++;
        continue;
      }
      let j = i;
      while (j < runs.length && runs[j]!.level >= lvl) j++;
      const reversed = runs.slice(i, j).reverse();
      runs.splice(i, j - i, ...reversed);
      i = j;
    }
  }

  const line: ShapedLine = {
    text,
    runs: runs.map(({ level: _level, ...r }) => r),
    width: runs.reduce((w, r) => w + r.width / r.face.font.unitsPerEm, 0),
    rtl: paragraphLevel % 2 === 1,
  };
  if (lineCache.size > LINE_CACHE_MAX) lineCache.clear();
  lineCache.set(cacheKey, line);
  return line;
}

function shapeRun(face: Face, text: string, rtl: boolean): ShapedRun {
  const run = face.font.layout(text, undefined, undefined, undefined, rtl ? "rtl" : "ltr");
  const glyphs: ShapedGlyph[] = run.glyphs.map((g, i) => {
    const p = run.positions[i]!;
    return { id: g.id, codePoints: g.codePoints, xAdvance: p.xAdvance, xOffset: p.xOffset, yOffset: p.yOffset };
  });
  // fontkit returns a right-to-left run already in visual order only for right-to-left scripts; a run at an odd
  // level in a left-to-right script (a neutral between two RTL words) is reversed here.
  if (rtl && run.direction !== "rtl") glyphs.reverse();
  return { face, rtl, text, glyphs, width: glyphs.reduce((w, g) => w + g.xAdvance, 0) };
}

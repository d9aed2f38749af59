// The fonts the completion job draws with: the Noto Sans family of each
// script, from the @fontsource-variable packages (the same files the signer
// and builder pages load as web fonts). Each package is split by Google Fonts
// into WOFF2 files per unicode-range ("latin", "cyrillic", … or, for CJK,
// about a hundred numbered slices); a file is decoded to TrueType on first use
// and kept in memory. The fonts are variable (weight 100–900): a face is the
// instance at weight 400 (regular) or 700 (bold), which the subsetter writes
// out as static outlines (see embed-fonts.ts).
import fs from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import woff2 from "wawoff2/build/decompress_binding.js";

export type Family = "latin" | "arabic" | "hebrew" | "devanagari" | "thai" | "sc" | "jp" | "kr";
export type Weight = 400 | 700;

const PACKAGES: Record<Family, string> = {
  latin: "noto-sans",
  arabic: "noto-sans-arabic",
  hebrew: "noto-sans-hebrew",
  devanagari: "noto-sans-devanagari",
  thai: "noto-sans-thai",
  sc: "noto-sans-sc",
  jp: "noto-sans-jp",
  kr: "noto-sans-kr",
};

/** Where a family is looked for when its own font lacks a character (emoji, symbols). */
export const FALLBACK_ORDER: Family[] = ["latin", "sc", "jp", "kr", "arabic", "hebrew", "devanagari", "thai"];

type Slice = { file: string; ranges: [number, number][] };

const FONT_ROOT = () => path.join(process.cwd(), "node_modules", "@fontsource-variable");

const slicesByFamily = new Map<Family, Slice[]>();

/** The family's WOFF2 slices with the code points each covers (from the package's unicode.json). */
export function slicesOf(family: Family): Slice[] {
  let slices = slicesByFamily.get(family);
  if (slices) return slices;
  const pkg = PACKAGES[family];
  const dir = path.join(FONT_ROOT(), pkg);
  const table = JSON.parse(fs.readFileSync(path.join(dir, "unicode.json"), "utf8")) as Record<string, string>;
  slices = Object.entries(table).map(([key, ranges]) => ({
    file: path.join(dir, "files", `${pkg}-${key.replace(/^\[|\]$/g, "")}-wght-normal.woff2`),
    ranges: ranges.split(",").map((r) => {
      const [a, b] = r.trim().replace(/^U\+/i, "").split("-");
      const lo = parseInt(a!, 16);
      return [lo, b ? parseInt(b, 16) : lo] as [number, number];
    }),
  }));
  // The slice named after the script comes first: shared code points (ZWJ, dotted circle) resolve to it.
  const own = slices.findIndex((s) => s.file.includes(`-${family === "latin" ? "latin" : pkg.replace("noto-sans-", "")}-wght`));
  if (own > 0) slices.unshift(...slices.splice(own, 1));
  slicesByFamily.set(family, slices);
  return slices;
}

export const sliceCovers = (slice: Slice, cp: number) => slice.ranges.some(([lo, hi]) => cp >= lo && cp <= hi);

/** The slices of a family that may hold `cp`, the script's own first. */
export const slicesFor = (family: Family, cp: number) => slicesOf(family).filter((s) => sliceCovers(s, cp));

/** One slice of a family at one weight: what is shaped, measured and embedded. */
export type Face = {
  /** Stable key: slice file and weight. */
  key: string;
  family: Family;
  weight: Weight;
  font: fontkit.Font;
};

// wawoff2's WebAssembly module starts when imported and is ready a moment
// later; from then on decoding is synchronous. Its answer is a view of its
// memory, which the next call overwrites: it is copied at once.
// The state is kept on globalThis: route bundles may each hold a copy of this module, and whichever loads
// first (the completion worker does, at start) makes the fonts usable for all.
type Woff2State = { binding: typeof woff2; ready: Promise<void>; isReady: boolean };
const shared = globalThis as { __pdfTextWoff2?: Woff2State };
const state: Woff2State = (shared.__pdfTextWoff2 ??= (() => {
  const s: Woff2State = { binding: woff2, isReady: false, ready: Promise.resolve() };
  s.ready = new Promise<void>((resolve) => {
    if (typeof woff2.decompress === "function") resolve();
    else woff2.onRuntimeInitialized = () => resolve();
  }).then(() => void (s.isReady = true));
  return s;
})());

/** Resolves once fonts can be loaded; everything else in pdf-text is synchronous after it (a few ms after start). */
export const fontsReady = () => state.ready;
export const areFontsReady = () => state.isReady;

const ttfCache = new Map<string, Uint8Array>();
const faceCache = new Map<string, Face>();

function loadTtf(file: string): Uint8Array {
  let ttf = ttfCache.get(file);
  if (!ttf) {
    if (!state.isReady) throw new Error("The fonts are not loaded yet: await fontsReady() before drawing text.");
    const out = state.binding.decompress!(new Uint8Array(fs.readFileSync(file)));
    if (!out) throw new Error(`Could not decode the font ${file}.`);
    ttf = out.slice();
    ttfCache.set(file, ttf);
  }
  return ttf;
}

export function loadFace(family: Family, slice: Slice, weight: Weight): Face {
  const key = faceKey(slice, weight);
  let face = faceCache.get(key);
  if (!face) {
    const ttf = loadTtf(slice.file);
    const base = fontkit.create(Buffer.from(ttf.buffer, ttf.byteOffset, ttf.byteLength));
    const axis = base.variationAxes.wght;
    const font = axis ? base.getVariation({ wght: Math.max(axis.min, Math.min(axis.max, weight)) }) : base;
    face = { key, family, weight, font };
    faceCache.set(key, face);
  }
  return face;
}

export const faceKey = (slice: Slice, weight: Weight) => `${path.basename(slice.file)}@${weight}`;

/** The PostScript name of a family's font at a weight (the variable fonts name their default instance). */
export const fontName = (family: Family, weight: Weight) =>
  `NotoSans${{ latin: "", arabic: "Arabic", hebrew: "Hebrew", devanagari: "Devanagari", thai: "Thai", sc: "SC", jp: "JP", kr: "KR" }[family]}-${weight === 700 ? "Bold" : "Regular"}`;

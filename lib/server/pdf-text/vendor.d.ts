// The parts of fontkit 2 and wawoff2 that lib/server/pdf-text uses (neither ships its own types).

declare module "fontkit" {
  export interface Glyph {
    id: number;
    codePoints: number[];
    advanceWidth: number;
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    direction: "ltr" | "rtl";
  }
  export interface Subset {
    includeGlyph(glyph: number | Glyph): number;
    encode(): Uint8Array;
  }
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    capHeight: number;
    italicAngle: number;
    bbox: { minX: number; minY: number; maxX: number; maxY: number };
    variationAxes: Record<string, { name: string; min: number; default: number; max: number }>;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    getGlyph(id: number): Glyph;
    getVariation(settings: Record<string, number>): Font;
    layout(text: string, features?: string[] | Record<string, boolean>, script?: string, language?: string, direction?: "ltr" | "rtl"): GlyphRun;
    createSubset(): Subset;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}

declare module "wawoff2/build/decompress_binding.js" {
  /** The Emscripten module: `decompress` appears once the runtime is initialised. */
  const binding: { decompress?: (woff2: Uint8Array) => Uint8Array | false; onRuntimeInitialized?: () => void };
  export default binding;
}

// The completion's PNG decoder (lib/server/completion/decode-png.ts, a pure
// module: bytes in, pixels out) against pdf-lib's own decoder, which it
// replaces for 8-bit PNGs: the same samples for every colour type it takes,
// every row filter and an image split over several IDAT chunks; null (pdf-lib
// decodes them) for the PNGs it leaves alone.
import zlib from "node:zlib";
import { PngEmbedder } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { decodeSimplePng } from "../../lib/server/completion/decode-png";
import { pngChunk } from "./support/png";

type Options = { colourType: number; depth?: number; interlace?: number; idatParts?: number; extra?: Buffer[] };

/** A PNG of width × height whose row y uses filter y % 5 (none, sub, up, average, Paeth) over varied samples. */
function png(width: number, height: number, { colourType, depth = 8, interlace = 0, idatParts = 1, extra = [] }: Options): Buffer {
  const bpp = { 0: 1, 2: 3, 4: 2, 6: 4 }[colourType]!;
  const stride = width * bpp;
  const sample = (x: number, y: number) => (x * 37 + y * 101 + ((x * y) % 23) * 11) & 0xff;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const filter = y % 5;
    const row = Buffer.alloc(1 + stride);
    row[0] = filter;
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? sample(i - bpp, y) : 0;
      const b = y > 0 ? sample(i, y - 1) : 0;
      const c = i >= bpp && y > 0 ? sample(i - bpp, y - 1) : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
      row[1 + i] = (sample(i, y) - predictor) & 0xff;
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = depth;
  ihdr[9] = colourType;
  ihdr[12] = interlace;
  const data = zlib.deflateSync(Buffer.concat(rows));
  const cut = Math.ceil(data.length / idatParts);
  const idats = Array.from({ length: idatParts }, (_, k) => pngChunk("IDAT", data.subarray(k * cut, (k + 1) * cut)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), ...extra, ...idats, pngChunk("IEND", Buffer.alloc(0))]);
}

/** pdf-lib's decoding of the same file (its PngEmbedder's `image`). */
async function pdfLibPixels(bytes: Uint8Array) {
  const embedder = await PngEmbedder.for(bytes);
  const image = (embedder as unknown as { image: { rgbChannel: Uint8Array; alphaChannel?: Uint8Array } }).image;
  return { width: embedder.width, height: embedder.height, rgb: Buffer.from(image.rgbChannel), alpha: image.alphaChannel ? Buffer.from(image.alphaChannel) : null };
}

describe("decodeSimplePng", () => {
  const cases: [string, Options][] = [
    ["RGBA", { colourType: 6 }],
    ["RGB", { colourType: 2 }],
    ["grey with alpha", { colourType: 4 }],
    ["grey", { colourType: 0 }],
    ["RGBA over three IDAT chunks", { colourType: 6, idatParts: 3 }],
  ];
  for (const [what, options] of cases) {
    it(`${what}: the samples pdf-lib decodes, every row filter`, async () => {
      const bytes = png(53, 31, options);
      const ours = decodeSimplePng(bytes);
      expect(ours, "decoded here, not left to pdf-lib").not.toBeNull();
      const theirs = await pdfLibPixels(bytes);
      expect({ width: ours!.width, height: ours!.height }).toEqual({ width: theirs.width, height: theirs.height });
      expect(Buffer.from(ours!.rgb).equals(theirs.rgb), "RGB samples").toBe(true);
      if (theirs.alpha === null) expect(ours!.alpha, "no soft mask").toBeNull();
      else expect(ours!.alpha !== null && Buffer.from(ours!.alpha).equals(theirs.alpha), "alpha samples").toBe(true);
    });
  }

  it("an opaque alpha channel is dropped, as pdf-lib drops it", async () => {
    const rows = Array.from({ length: 4 }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(4 * 4, 255)]));
    const ihdr = Buffer.from([0, 0, 0, 4, 0, 0, 0, 4, 8, 6, 0, 0, 0]);
    const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", zlib.deflateSync(Buffer.concat(rows))), pngChunk("IEND", Buffer.alloc(0))]);
    expect(decodeSimplePng(bytes)?.alpha).toBeNull();
    expect((await pdfLibPixels(bytes)).alpha).toBeNull();
  });

  it("leaves to pdf-lib what it does not take: 16-bit, interlaced, palette, tRNS, damaged, larger than declared", () => {
    expect(decodeSimplePng(png(8, 8, { colourType: 6, depth: 16 }))).toBeNull();
    expect(decodeSimplePng(png(8, 8, { colourType: 6, interlace: 1 }))).toBeNull();
    const palette = png(8, 8, { colourType: 0 });
    palette[25] = 3; // the header's colour type (the decoder does not check chunk CRCs, as pdf-lib's does not)
    expect(decodeSimplePng(palette)).toBeNull();
    expect(decodeSimplePng(png(8, 8, { colourType: 2, extra: [pngChunk("tRNS", Buffer.alloc(6))] }))).toBeNull();
    const whole = png(8, 8, { colourType: 6 });
    expect(decodeSimplePng(whole.subarray(0, whole.length - 30)), "cut short").toBeNull();
    // A header declaring fewer rows than the data holds: the inflate stops at the declared size.
    const lying = Buffer.from(whole);
    lying.writeUInt32BE(4, 20);
    expect(decodeSimplePng(lying)).toBeNull();
  });
});

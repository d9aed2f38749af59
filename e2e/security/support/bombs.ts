// Decompression bombs for the bounded-resources tests, made in the test run
// (never committed as binaries) in well under a second each: a zlib stream of
// N zero bytes is built by repeating one compressed 1 MiB block, so neither
// the test nor this file ever holds the inflated data.
import zlib from "node:zlib";
import { PDFDocument, PDFName, PDFNumber } from "pdf-lib";
import { pngChunk } from "../../api/support/png";

const MIB = 1024 * 1024;

/**
 * A zlib stream inflating to `size` zero bytes. Each raw-deflate piece ends
 * with a full flush (byte-aligned, no history), so identical pieces can be
 * concatenated; the trailer's Adler-32 of n zeros is (n mod 65521) << 16 | 1.
 */
export function zlibOfZeros(size: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const whole = Math.floor(size / MIB);
  const rest = size - whole * MIB;
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  for (let i = 0; i < whole; i++) parts.push(block);
  if (rest) parts.push(zlib.deflateRawSync(Buffer.alloc(rest), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH }));
  parts.push(zlib.deflateRawSync(Buffer.alloc(0))); // the final, empty block
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((size % 65521) << 16) | 1) >>> 0);
  parts.push(adler);
  return Buffer.concat(parts);
}

/** A one-page PDF whose page content stream is ~4 MB of Flate inflating to 4 GiB of zeros. */
export async function flateBombPdf(inflated = 4 * 1024 * MIB): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const contents = doc.context.stream(zlibOfZeros(inflated), { Filter: "FlateDecode" });
  page.node.set(PDFName.of("Contents"), doc.context.register(contents));
  return doc.save({ useObjectStreams: false });
}

/**
 * A one-page PDF with an object stream (/Type /ObjStm, where compressed PDFs
 * keep their objects) of ~4 MB Flate inflating to 4 GiB: a parser that reads
 * the file's objects inflates it on load, before any page is drawn.
 */
export async function objectStreamBombPdf(inflated = 4 * 1024 * MIB): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const objects = doc.context.stream(zlibOfZeros(inflated), { Type: "ObjStm", N: 1, First: 4, Filter: "FlateDecode" });
  doc.context.register(objects);
  return doc.save({ useObjectStreams: false });
}

/** A one-page PDF drawing a 30000 × 30000 grey image of zeros (~875 KB compressed, 900 MB decoded). */
export async function imageBombPdf(side = 30000): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const image = doc.context.stream(zlibOfZeros(side * side), {
    Type: "XObject",
    Subtype: "Image",
    Width: PDFNumber.of(side),
    Height: PDFNumber.of(side),
    ColorSpace: "DeviceGray",
    BitsPerComponent: 8,
    Filter: "FlateDecode",
  });
  const name = page.node.newXObject("Im", doc.context.register(image));
  const content = doc.context.stream(`q 612 0 0 792 0 0 cm /${name.asString().slice(1)} Do Q`);
  page.node.set(PDFName.of("Contents"), doc.context.register(content));
  return doc.save({ useObjectStreams: false });
}

/** An RGB PNG of width × height black pixels (36 MP by default: ~100 KB on disk, 144 MB as RGBA). */
export function bigPng(width = 6000, height = 6000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per sample
  ihdr[9] = 2; // RGB
  // Every row: filter byte 0 and 3 zero bytes per pixel, so the whole image data is zeros.
  const idat = zlibOfZeros(height * (1 + width * 3));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", idat), pngChunk("IEND", Buffer.alloc(0))]);
}


import "server-only";
import zlib from "node:zlib";
import { PDFImage, PngEmbedder, type PDFContext, type PDFDocument, type PDFRef } from "pdf-lib";
import { decodeSimplePng, type Pixels } from "./decode-png";

/**
 * pdf.embedPng(bytes), with Node's zlib doing the compression work. pdf-lib
 * decodes a PNG with a JavaScript inflater and deflates its colour and alpha
 * again with pako, which made the four signature images of a completion its
 * largest single cost (bench/completion). The images signers' values become
 * are our own re-encodes (8-bit RGBA, not interlaced, signing/reencode-signature.ts),
 * so those are decoded by decode-png.ts: zlib's inflate and the PNG row filters. Any other
 * PNG (palette, 16-bit, interlaced, tRNS) is decoded by pdf-lib as before;
 * either way the streams are compressed by zlib. The image dictionaries are
 * pdf-lib's: RGB samples with a soft mask when some pixel is not opaque.
 */
export async function embedPng(pdf: PDFDocument, bytes: Uint8Array): Promise<PDFImage> {
  const images = (pdf as unknown as { images?: unknown }).images;
  // pdf-lib's private list of images to embed at save: should a new version rename it, its own (slower) path.
  if (!Array.isArray(images)) return pdf.embedPng(bytes);
  const pixels = decodeSimplePng(bytes) ?? (await decodedByPdfLib(bytes));
  // PDFImage accepts only pdf-lib's embedder classes: one of its kind, with our pixels and our embedding.
  const embedder = Object.assign(Object.create(PngEmbedder.prototype) as PngEmbedder, {
    width: pixels.width,
    height: pixels.height,
    embedIntoContext: async (context: PDFContext, ref?: PDFRef) => embedPixels(context, pixels, ref),
  });
  const image = PDFImage.of(pdf.context.nextRef(), pdf, embedder);
  // Embedded when the document is saved, like pdf-lib's own images (PDFDocument.save embeds this list).
  images.push(image);
  return image;
}

/**
 * zlib level 3: a signature's samples compress 3-5× faster than at the default 6 for files a few
 * KB larger (400×120: 3.3 KB instead of 2.3; 1200×400: 18 KB instead of 10).
 */
const DEFLATE = { level: 3 };

function embedPixels(context: PDFContext, px: Pixels, ref?: PDFRef): PDFRef {
  const common = { Type: "XObject", Subtype: "Image", BitsPerComponent: 8, Width: px.width, Height: px.height };
  const smask = px.alpha
    ? context.register(context.stream(zlib.deflateSync(px.alpha, DEFLATE), { ...common, ColorSpace: "DeviceGray", Decode: [0, 1], Filter: "FlateDecode" }))
    : undefined;
  const xObject = context.stream(zlib.deflateSync(px.rgb, DEFLATE), { ...common, ColorSpace: "DeviceRGB", SMask: smask, Filter: "FlateDecode" });
  if (!ref) return context.register(xObject);
  context.assign(ref, xObject);
  return ref;
}

/** pdf-lib's decoding (its PngEmbedder's `image`, private in its typings), for the PNGs decodeSimplePng leaves alone. */
async function decodedByPdfLib(bytes: Uint8Array): Promise<Pixels> {
  const embedder = await PngEmbedder.for(bytes);
  const png = (embedder as unknown as { image: { rgbChannel: Uint8Array; alphaChannel?: Uint8Array } }).image;
  return { width: embedder.width, height: embedder.height, rgb: png.rgbChannel, alpha: png.alphaChannel ?? null };
}

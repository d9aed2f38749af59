// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import {
  PDFDocument,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  type PDFImage,
} from "pdf-lib";
import { downscaleImage } from "./downscale-image";
import { declaredImageSize } from "./image-size";
import { MAX_IMAGE_PIXELS, ProcessingError } from "./processing-error";

// US Letter, in points. The image is scaled to fit this box (turned to
// landscape for wide images), so a phone photo and a 300-dpi scan both come
// out at a size the signing page and a printer handle alike.
const BOX_LONG = 792;
const BOX_SHORT = 612;

/**
 * Turns a PNG or JPEG into a one-page PDF whose page has the image's aspect
 * ratio and is filled by the image.
 *
 * JPEG EXIF orientation (tags 1–8, as phone cameras write it) is applied, so
 * the page shows the photo the way the phone showed it. PNG orientation
 * (the rare eXIf chunk) is not read: PNGs are almost always stored upright.
 */
export async function imageToPdf(original: Uint8Array, kind: "png" | "jpeg"): Promise<Uint8Array> {
  // Checked from the header before anything is decoded: an image bomb (a small
  // file declaring a huge bitmap) never gets its pixels allocated.
  const size = declaredImageSize(original, kind);
  if (!size || size.width < 1 || size.height < 1) throw ProcessingError.unreadableImage(kind === "png" ? "PNG" : "JPEG");
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw ProcessingError.imageTooLarge(size.width, size.height);
  let scaled: Uint8Array | undefined;
  try {
    scaled = await downscaleImage(original, kind, size);
  } catch (e) {
    throw ProcessingError.unreadableImage(kind === "png" ? "PNG" : "JPEG", e);
  }
  const bytes = scaled ?? original;

  const pdf = await PDFDocument.create();
  let image: PDFImage;
  try {
    image = kind === "png" ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  } catch (e) {
    throw ProcessingError.unreadableImage(kind === "png" ? "PNG" : "JPEG", e);
  }
  if (image.width < 1 || image.height < 1) throw ProcessingError.unreadableImage(kind === "png" ? "PNG" : "JPEG");
  if (image.width * image.height > MAX_IMAGE_PIXELS) throw ProcessingError.imageTooLarge(image.width, image.height);

  // A downscaled image is already upright (the canvas applied the EXIF orientation).
  const orientation = kind === "jpeg" && !scaled ? jpegExifOrientation(bytes) : 1;
  const sideways = orientation >= 5; // 5–8 swap width and height
  const shownW = sideways ? image.height : image.width;
  const shownH = sideways ? image.width : image.height;
  const [boxW, boxH] = shownW > shownH ? [BOX_LONG, BOX_SHORT] : [BOX_SHORT, BOX_LONG];
  const scale = Math.min(boxW / shownW, boxH / shownH);
  const pageW = round2(shownW * scale);
  const pageH = round2(shownH * scale);

  const page = pdf.addPage([pageW, pageH]);
  const name = page.node.newXObject("Image", image.ref);
  const [a, b, c, d, e, f] = orientationMatrix(orientation, pageW, pageH);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(a, b, c, d, e, f), drawObject(name), popGraphicsState());
  return pdf.save();
}

/**
 * The matrix that maps the image's unit square (how PDF draws images: u to
 * the right, v upwards, the image's top row at v = 1) onto the page with the
 * EXIF orientation applied. Each orientation is written as where a stored
 * pixel (s, t: 0–1 from the stored top-left) appears on screen (S, T).
 */
function orientationMatrix(
  orientation: number,
  pageW: number,
  pageH: number,
): [number, number, number, number, number, number] {
  const shown: Record<number, (s: number, t: number) => [number, number]> = {
    1: (s, t) => [s, t],
    2: (s, t) => [1 - s, t], // mirrored left–right
    3: (s, t) => [1 - s, 1 - t], // upside down
    4: (s, t) => [s, 1 - t], // mirrored top–bottom
    5: (s, t) => [t, s], // transposed
    6: (s, t) => [1 - t, s], // needs a quarter turn clockwise
    7: (s, t) => [1 - t, 1 - s], // transversed
    8: (s, t) => [t, 1 - s], // needs a quarter turn anticlockwise
  };
  const map = shown[orientation] ?? shown[1]!;
  const toPage = (u: number, v: number) => {
    const [S, T] = map(u, 1 - v);
    return [S * pageW, (1 - T) * pageH] as const;
  };
  const [e, f] = toPage(0, 0);
  const [ux, uy] = toPage(1, 0);
  const [vx, vy] = toPage(0, 1);
  return [ux - e, uy - f, vx - e, vy - f, e, f];
}

/**
 * EXIF orientation of a JPEG (1 when absent or unreadable). Walks the marker
 * segments up to the image data, reads the APP1 "Exif" TIFF header and looks
 * up tag 0x0112 in IFD0. Malformed metadata never fails the upload.
 */
export function jpegExifOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) return 1;
    const marker = bytes[pos + 1]!;
    if (marker === 0xff) {
      pos++; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return 1; // image data begins: no EXIF before it
    const length = view.getUint16(pos + 2);
    const body = pos + 4;
    if (marker === 0xe1 && body + 14 <= bytes.length && ascii(bytes, body, 6) === "Exif\0\0") {
      return tiffOrientation(view, body + 6, Math.min(bytes.length, pos + 2 + length)) ?? 1;
    }
    pos += 2 + length;
  }
  return 1;
}

function tiffOrientation(view: DataView, tiff: number, end: number): number | undefined {
  const order = String.fromCharCode(view.getUint8(tiff), view.getUint8(tiff + 1));
  if (order !== "II" && order !== "MM") return undefined;
  const le = order === "II";
  if (tiff + 8 > end) return undefined;
  const ifd = tiff + view.getUint32(tiff + 4, le);
  if (ifd + 2 > end) return undefined;
  const count = view.getUint16(ifd, le);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return undefined;
    if (view.getUint16(entry, le) === 0x0112) {
      const value = view.getUint16(entry + 8, le);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

const ascii = (bytes: Uint8Array, at: number, n: number) => String.fromCharCode(...bytes.subarray(at, at + n));
const round2 = (n: number) => Math.round(n * 100) / 100;

// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import type { ImageSize } from "./image-size";

/**
 * Longest side, in pixels, an uploaded image keeps: a US Letter page at
 * 300 dpi. Bigger photos are scaled down to it before they become a PDF page,
 * so neither pdf-lib (which decodes a PNG fully in JavaScript) nor pdf.js
 * (rendering the page) ever holds the camera's full bitmap.
 */
export const MAX_IMAGE_SIDE = 3300;

/**
 * Scales an image down to MAX_IMAGE_SIDE with @napi-rs/canvas (native
 * decoding, ~4 bytes per pixel once) and encodes it again in its own format.
 * The canvas applies JPEG EXIF orientation while decoding, so the result is
 * upright and carries no orientation of its own. undefined when the image is
 * small enough to be used as it is.
 */
export async function downscaleImage(bytes: Uint8Array, kind: "png" | "jpeg", size: ImageSize): Promise<Uint8Array | undefined> {
  if (Math.max(size.width, size.height) <= MAX_IMAGE_SIDE) return undefined;
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const scale = MAX_IMAGE_SIDE / Math.max(image.width, image.height);
  const canvas = createCanvas(Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale)));
  const ctx = canvas.getContext("2d");
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Uint8Array(kind === "png" ? await canvas.encode("png") : await canvas.encode("jpeg", 90));
}

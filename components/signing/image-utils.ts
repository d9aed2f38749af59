import { MAX_SIGNATURE_BYTES, MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from "@/lib/api/signature-limits";

/** Decoded size of a base64 data URL. */
export function dataUrlBytes(dataUrl: string): number {
  const comma = dataUrl.indexOf(",");
  const b64 = dataUrl.slice(comma + 1);
  const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

function makeCanvas(width: number, height: number) {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  return canvas;
}

/** A copy of the canvas cut to its painted pixels plus a margin; null when nothing is painted. */
export function trimCanvas(source: HTMLCanvasElement, margin = 8): HTMLCanvasElement | null {
  const ctx = source.getContext("2d");
  if (!ctx) return null;
  const { width, height } = source;
  const data = ctx.getImageData(0, 0, width, height).data;
  let top = height, left = width, right = -1, bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! > 8) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        bottom = y;
      }
    }
  }
  if (right < 0) return null;
  left = Math.max(0, left - margin);
  top = Math.max(0, top - margin);
  right = Math.min(width - 1, right + margin);
  bottom = Math.min(height - 1, bottom + margin);
  const out = makeCanvas(right - left + 1, bottom - top + 1);
  out.getContext("2d")?.drawImage(source, left, top, out.width, out.height, 0, 0, out.width, out.height);
  return out;
}

/**
 * Draws an image (or canvas) at most maxWidth wide and encodes it as PNG,
 * shrinking further until the file fits the server's limit.
 */
export function toPngDataUrl(image: CanvasImageSource & { width: number; height: number }, maxWidth = 1200): string | null {
  // Within the server's pixel bound too (it refuses larger images).
  let width = Math.min(maxWidth, MAX_SIGNATURE_WIDTH, image.width, Math.floor((image.width * MAX_SIGNATURE_HEIGHT) / image.height));
  for (let attempt = 0; attempt < 6 && width >= 50; attempt++) {
    const scale = width / image.width;
    const canvas = makeCanvas(width, image.height * scale);
    const ctx = canvas.getContext("2d");
    if (!ctx) return null;
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
    const url = canvas.toDataURL("image/png");
    if (dataUrlBytes(url) <= MAX_SIGNATURE_BYTES * 0.95) return url;
    width = Math.floor(width * 0.7);
  }
  return null;
}

// The pixels of an image the service serves (a page image, a thumbnail), decoded by
// @napi-rs/canvas in the test process, for tests that look at what a page shows.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { expect } from "vitest";

/** Fetches `url` (it must answer 200) and decodes it: width, height and RGBA samples, row by row. */
export async function fetchImagePixels(url: string): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const res = await fetch(url);
  expect(res.status, `GET ${url}`).toBe(200);
  const image = await loadImage(Buffer.from(await res.arrayBuffer()));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

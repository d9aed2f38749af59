/**
 * Encode time and size per image format for the bench PDF's pages (the figures
 * behind docs/processing.md's choice). Renders each page once at 1100 px, then
 * encodes the same canvas in every format, alternating the order per page.
 * "× render" is encode time over pdf.js's render time (the processing bench's baseline).
 *
 *   tsx --conditions=react-server bench/processing/formats.ts   (BENCH_PAGES=20)
 */
import { createCanvas, type Canvas } from "@napi-rs/canvas";
import { loadPdfDocument } from "@/lib/server/pdf/pdfjs";
import { PAGE_WIDTH_PX } from "./baseline";
import { makeBenchPdf } from "./make-pdf";

const PAGES = Number(process.env.BENCH_PAGES ?? 20);
type Fmt = { name: string; enc: (c: Canvas) => Buffer };
const formats: Fmt[] = [
  { name: "png", enc: (c) => c.encodeSync("png") },
  { name: "jpeg q80", enc: (c) => c.encodeSync("jpeg", 80) },
  { name: "jpeg q85", enc: (c) => c.encodeSync("jpeg", 85) },
  { name: "jpeg q90", enc: (c) => c.encodeSync("jpeg", 90) },
  { name: "webp q80", enc: (c) => c.encodeSync("webp", 80) },
  { name: "webp q90", enc: (c) => c.encodeSync("webp", 90) },
];
const ms: Record<string, number> = {};
const bytes: Record<string, number> = {};
let renderMs = 0;
let flushMs = 0;

const doc = await (await loadPdfDocument(await makeBenchPdf(PAGES))).promise;
for (let n = 1; n <= doc.numPages; n++) {
  const page = await doc.getPage(n);
  const viewport = page.getViewport({ scale: PAGE_WIDTH_PX / page.getViewport({ scale: 1 }).width });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  let t = performance.now();
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: ctx as unknown as CanvasRenderingContext2D, viewport }).promise;
  // The canvas records drawing and rasterises when pixels are first read: done here, so that cost
  // (counted apart) does not land on whichever format is encoded first.
  renderMs += performance.now() - t;
  t = performance.now();
  ctx.getImageData(0, 0, 1, 1);
  flushMs += performance.now() - t;
  for (const f of n % 2 ? formats : [...formats].reverse()) {
    t = performance.now();
    const out = f.enc(canvas);
    ms[f.name] = (ms[f.name] ?? 0) + performance.now() - t;
    bytes[f.name] = (bytes[f.name] ?? 0) + out.length;
  }
  page.cleanup();
}
await doc.destroy();
console.log(`${PAGES} pages at ${PAGE_WIDTH_PX} px; pdf.js render ${(renderMs / PAGES).toFixed(1)} ms/page, then the canvas's deferred rasterising ${(flushMs / PAGES).toFixed(1)} ms/page`);
console.log(`${"format".padEnd(10)} ${"ms/page".padStart(8)} ${"KB/page".padStart(8)} ${"× render".padStart(9)}`);
for (const f of formats) {
  console.log(`${f.name.padEnd(10)} ${(ms[f.name]! / PAGES).toFixed(1).padStart(8)} ${(bytes[f.name]! / PAGES / 1024).toFixed(1).padStart(8)} ${(ms[f.name]! / renderMs).toFixed(2).padStart(9)}`);
}

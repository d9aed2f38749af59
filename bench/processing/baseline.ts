import path from "node:path";
import { createRequire } from "node:module";
import { createCanvas } from "@napi-rs/canvas";

/**
 * The yardstick: pdf.js rasterising every page and nothing else — no text
 * pass, no pdf-lib, no PNG encoding, no thumbnail, no storage. Set up like
 * lib/server/pdf/render-pages.ts (in-process worker, same getDocument options,
 * same page width, white background) so the only differences measured are
 * the pipeline's extra steps. That file does not export its constant or its
 * loader, hence the copies; run.ts checks the stored page width matches.
 */
export const PAGE_WIDTH_PX = 1100; // = PAGE_WIDTH_PX in lib/server/pdf/render-pages.ts

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfJs> | undefined;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (async () => {
    // @ts-expect-error -- the worker module ships without type declarations
    const worker: unknown = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    (globalThis as unknown as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  })();
  return pdfjs;
}

/** Renders all pages to canvases and drops them; returns the page count. */
export async function renderWithPdfJsOnly(bytes: Uint8Array): Promise<number> {
  const lib = await loadPdfJs();
  const dir = path.dirname(createRequire(path.join(process.cwd(), "package.json")).resolve("pdfjs-dist/package.json"));
  const doc = await lib.getDocument({
    data: new Uint8Array(bytes), // pdf.js detaches what it is given
    standardFontDataUrl: path.join(dir, "standard_fonts") + path.sep,
    cMapUrl: path.join(dir, "cmaps") + path.sep,
    cMapPacked: true,
    wasmUrl: path.join(dir, "wasm") + path.sep,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: PAGE_WIDTH_PX / page.getViewport({ scale: 1 }).width });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const ctx = canvas.getContext("2d");
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        canvasContext: ctx as unknown as CanvasRenderingContext2D,
        viewport,
      }).promise;
      page.cleanup();
    }
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}

import { createCanvas } from "@napi-rs/canvas";
import { loadPdfDocument } from "@/lib/server/pdf/pdfjs";

/**
 * The yardstick: pdf.js rasterising every page and nothing else — no text
 * pass, no pdf-lib, no PNG encoding, no thumbnail, no storage. Set up like
 * lib/server/pdf/render-pages.ts (the same loader, lib/server/pdf/pdfjs.ts,
 * same page width, white background) so the only differences measured are
 * the pipeline's extra steps. The page width is copied (that file does not
 * export it); run.ts checks the stored page width matches.
 */
export const PAGE_WIDTH_PX = 1100; // = PAGE_WIDTH_PX in lib/server/pdf/render-pages.ts

/** Renders all pages to canvases and drops them; returns the page count. */
export async function renderWithPdfJsOnly(bytes: Uint8Array): Promise<number> {
  const doc = await (await loadPdfDocument(bytes)).promise;
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

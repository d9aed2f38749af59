import fs from "node:fs/promises";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { loadPdfDocument } from "@/lib/server/pdf/pdfjs";
import { PAGE_IMAGE } from "@/lib/server/pdf/render-pages";
import { hideTextTags, loadWithPdfLib } from "@/lib/server/processing/hide-text-tags";
import { openPdf } from "@/lib/server/processing/open-pdf";
import { readTextTags } from "@/lib/server/processing/text-tags";
import { getStorage } from "@/lib/server/storage/storage";
import { PAGE_WIDTH_PX } from "./baseline";

/**
 * One pass through the pipeline's steps timed one by one in this thread, to
 * say where the time beyond pdf.js's render goes. It calls the same product
 * functions as processUpload (text tags, pdf-lib, storage); the per-page
 * work of renderPage (lib/server/pdf/render-pages.ts) is spelled out here
 * with the same calls so that each part can be timed: pdf.js's render (all
 * the baseline does: @napi-rs/canvas records the drawing), rasterising
 * (forced by reading one pixel), the JPEG encode, the thumbnail (scaled from
 * the rendered page, encoded). CPU ms of this process, all in this thread.
 */
export async function measureStages(pdf: Uint8Array, filesDir: string) {
  // CPU time of this process (one busy thread here): unlike wall time it does not count the
  // time spent waiting for a core on a loaded machine.
  const cpuNow = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let t = cpuNow();
  const lap = () => {
    const now = cpuNow();
    const ms = now - t;
    t = now;
    return ms;
  };

  const lib = await loadWithPdfLib(pdf);
  const pdfLibLoad = lap();
  const doc = await openPdf(pdf);
  const open = lap();
  const tags = await readTextTags(doc);
  await doc.destroy();
  const textPass = lap();

  const hidden = await hideTextTags(lib, tags.tagBoxes);
  const pdfLibSave = lap();

  const parts = { open: 0, render: 0, rasterise: 0, encode: 0, thumbnail: 0 };
  const images: { image: Buffer; thumbnail: Buffer }[] = [];
  const rdoc = await (await loadPdfDocument(hidden)).promise;
  parts.open = lap();
  for (let n = 1; n <= rdoc.numPages; n++) {
    const page = await rdoc.getPage(n);
    const viewport = page.getViewport({ scale: PAGE_WIDTH_PX / page.getViewport({ scale: 1 }).width });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: ctx as unknown as CanvasRenderingContext2D, viewport }).promise;
    parts.render += lap();
    ctx.getImageData(0, 0, 1, 1);
    parts.rasterise += lap();
    const image = canvas.encodeSync(PAGE_IMAGE.format, PAGE_IMAGE.quality);
    parts.encode += lap();
    const thumb = createCanvas(200, Math.max(1, Math.round((canvas.height * 200) / canvas.width)));
    const tctx = thumb.getContext("2d");
    tctx.imageSmoothingEnabled = true;
    tctx.imageSmoothingQuality = "high";
    tctx.drawImage(canvas, 0, 0, thumb.width, thumb.height);
    const thumbnail = thumb.encodeSync(PAGE_IMAGE.format, PAGE_IMAGE.thumbnailQuality);
    parts.thumbnail += lap();
    images.push({ image, thumbnail });
    page.cleanup();
  }
  await rdoc.destroy();
  lap();

  const storage = getStorage();
  await storage.put("documents/stages/original.pdf", hidden, "application/pdf");
  for (const [i, p] of images.entries()) {
    await storage.put(`documents/stages/pages/${i + 1}.jpg`, p.image, "image/jpeg");
    await storage.put(`documents/stages/thumbs/${i + 1}.jpg`, p.thumbnail, "image/jpeg");
  }
  const store = lap();
  await fs.rm(path.join(filesDir, "documents/stages"), { recursive: true, force: true });

  return {
    "pdf-lib load (bounds, form)": pdfLibLoad,
    "pdf.js open (upload)": open,
    "text pass (tags, every page)": textPass,
    "pdf-lib cover tags + save": pdfLibSave,
    "pdf.js open (prepared)": parts.open,
    "pdf.js render (= baseline)": parts.render,
    "rasterise (first pixel read)": parts.rasterise,
    "JPEG encode (page)": parts.encode,
    "thumbnail (scale + encode)": parts.thumbnail,
    [`store ${2 * images.length + 1} files`]: store,
  };
}

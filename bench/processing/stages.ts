import fs from "node:fs/promises";
import path from "node:path";
import { renderPdfPages } from "@/lib/server/pdf/render-pages";
import { hideTextTags, loadWithPdfLib } from "@/lib/server/processing/hide-text-tags";
import { openPdf } from "@/lib/server/processing/open-pdf";
import { readTextTags } from "@/lib/server/processing/text-tags";
import { getStorage } from "@/lib/server/storage/storage";
import { renderWithPdfJsOnly } from "./baseline";

/**
 * One pass through the pipeline's steps timed one by one, to say where the
 * time beyond rasterising goes. It calls the same product functions in the
 * same order as processUpload + storePdfWithPages; the storage step copies
 * the latter's puts (it renders inside, so it cannot be timed on its own).
 * The rasterise-only share is the baseline on the same (tag-covered) bytes,
 * taken right after, so "encode" = render step minus that.
 */
export async function measureStages(pdf: Uint8Array, filesDir: string) {
  let t = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = now - t;
    t = now;
    return ms;
  };

  const doc = await openPdf(pdf);
  const tags = await readTextTags(doc);
  await doc.destroy();
  const textPass = lap();

  const hidden = await hideTextTags(await loadWithPdfLib(pdf), tags.tagBoxes);
  const pdfLib = lap();

  const pages = await renderPdfPages(hidden);
  const renderStep = lap();

  const storage = getStorage();
  await storage.put("documents/stages/original.pdf", hidden, "application/pdf");
  for (const [i, p] of pages.entries()) {
    await storage.put(`documents/stages/pages/${i + 1}.png`, p.image, "image/png");
    await storage.put(`documents/stages/thumbs/${i + 1}.png`, p.thumbnail, "image/png");
  }
  const store = lap();
  await fs.rm(path.join(filesDir, "documents/stages"), { recursive: true, force: true });

  lap();
  await renderWithPdfJsOnly(hidden);
  const rasterOnly = lap();

  return {
    "text pass (pdf.js open + text)": textPass,
    "pdf-lib load + cover tags + save": pdfLib,
    "render step (renderPdfPages)": renderStep,
    "  of which rasterise (baseline)": rasterOnly,
    "  of which PNG encode + thumbnail": renderStep - rasterOnly,
    [`store ${2 * pages.length + 1} files`]: store,
  };
}

import "server-only";
import type { PageInfo } from "@/lib/server/db/schema";
import { getStorage } from "@/lib/server/storage/storage";
import { renderPagesInWorker } from "@/lib/server/processing/run-in-worker";
import type { RenderedPage } from "./render-pages";

/**
 * Renders a PDF and stores it with its page images under `prefix`:
 * `<prefix>/original.pdf`, `<prefix>/pages/<n>.png`, `<prefix>/thumbs/<n>.png`
 * (n from 1). Throws PdfReadError before storing anything when the PDF is
 * unusable, so a failed upload leaves no files behind.
 */
export async function storePdfWithPages(
  bytes: Uint8Array,
  prefix: string,
): Promise<{ originalFileKey: string; pages: PageInfo[] }> {
  // Rendered in the bounded processing worker, never on the server's own thread.
  return storeRenderedPdf(bytes, await renderPagesInWorker(bytes), prefix);
}

/** Stores a PDF and the page images already rendered from it (see storePdfWithPages). */
export async function storeRenderedPdf(
  bytes: Uint8Array,
  rendered: RenderedPage[],
  prefix: string,
): Promise<{ originalFileKey: string; pages: PageInfo[] }> {
  const storage = getStorage();
  const originalFileKey = `${prefix}/original.pdf`;
  await storage.put(originalFileKey, bytes, "application/pdf");

  const pages: PageInfo[] = [];
  for (const [i, page] of rendered.entries()) {
    const n = i + 1;
    const imageKey = `${prefix}/pages/${n}.png`;
    const thumbnailKey = `${prefix}/thumbs/${n}.png`;
    await storage.put(imageKey, page.image, "image/png");
    await storage.put(thumbnailKey, page.thumbnail, "image/png");
    pages.push({ width: page.width, height: page.height, imageKey, thumbnailKey });
  }
  return { originalFileKey, pages };
}

/** Removes what storePdfWithPages stored (when the row that would point at it cannot be written). */
export async function deleteStoredPdf(stored: { originalFileKey: string; pages: PageInfo[] }) {
  const storage = getStorage();
  const keys = [stored.originalFileKey, ...stored.pages.flatMap((p) => [p.imageKey, p.thumbnailKey])];
  await Promise.all(keys.map((k) => storage.delete(k).catch(() => {})));
}

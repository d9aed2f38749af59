import "server-only";
import type { PageInfo } from "@/lib/server/db/schema";
import type { RenderedPage } from "@/lib/server/pdf/render-pages";
import { renderPagesInWorker } from "@/lib/server/processing/run-in-worker";
import type { Storage } from "@/lib/server/storage/storage";

/**
 * The signed PDF's pages as images, for the dashboard's preview of an
 * executed document (documents.signed_pages). Rendered by the same bounded
 * worker as uploads. A preview is not worth failing completion for: when the
 * render fails the document completes without it and the dashboard shows the
 * original pages, as for documents executed before these images existed.
 */
export async function renderSignedPages(documentId: string, signed: Uint8Array): Promise<RenderedPage[] | null> {
  try {
    return await renderPagesInWorker(signed);
  } catch (e) {
    console.warn(`[complete-document] ${documentId}: the signed pages could not be rendered for the preview; the original pages are shown instead.`, e);
    return null;
  }
}

/** Fixed keys per page, so a second completion run overwrites rather than leaving stray copies. */
export async function storeSignedPages(storage: Storage, documentId: string, rendered: RenderedPage[] | null): Promise<PageInfo[]> {
  if (!rendered) return [];
  const pages: PageInfo[] = [];
  for (const [i, page] of rendered.entries()) {
    const imageKey = `documents/${documentId}/signed-pages/${i + 1}.png`;
    const thumbnailKey = `documents/${documentId}/signed-thumbs/${i + 1}.png`;
    await storage.put(imageKey, page.image, "image/png");
    await storage.put(thumbnailKey, page.thumbnail, "image/png");
    pages.push({ width: page.width, height: page.height, imageKey, thumbnailKey });
  }
  return pages;
}

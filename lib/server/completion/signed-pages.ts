import "server-only";
import type { PageInfo } from "@/lib/server/db/schema";
import type { RenderedPage } from "@/lib/server/pdf/render-pages";
import { renderPagesInWorker } from "@/lib/server/processing/run-in-worker";
import { storePage } from "@/lib/server/pdf/store-pdf-with-pages";
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
export async function storeSignedPages(_storage: Storage, documentId: string, rendered: RenderedPage[] | null): Promise<PageInfo[]> {
  if (!rendered) return [];
  const names = { pages: "signed-pages", thumbs: "signed-thumbs" };
  return Promise.all(rendered.map((page, i) => storePage(`documents/${documentId}`, i + 1, page, names)));
}

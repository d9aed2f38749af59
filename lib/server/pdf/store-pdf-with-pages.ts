import "server-only";
import type { PageInfo } from "@/lib/server/db/schema";
import { getStorage } from "@/lib/server/storage/storage";
import { renderPagesInWorker } from "@/lib/server/processing/run-in-worker";
import { PAGE_IMAGE, type RenderedPage } from "./render-pages";

/**
 * Renders a PDF and stores it with its page images under `prefix`:
 * `<prefix>/original.pdf`, `<prefix>/pages/<n>.jpg`, `<prefix>/thumbs/<n>.jpg`
 * (n from 1; files stored before page images were JPEG end in .png, and their
 * keys are kept in the rows that name them). Throws PdfReadError when the PDF
 * is unusable; a failure leaves no files behind.
 */
export async function storePdfWithPages(
  bytes: Uint8Array,
  prefix: string,
): Promise<{ originalFileKey: string; pages: PageInfo[] }> {
  const files = new StoredFiles();
  const pages: PageInfo[] = [];
  try {
    // Rendered in the bounded processing workers, never on the server's own thread; each page is stored as it comes.
    await renderPagesInWorker(bytes, { onPage: async (n, page) => void (pages[n - 1] = await files.page(prefix, n, page)) });
    const originalFileKey = `${prefix}/original.pdf`;
    await files.put(originalFileKey, bytes, "application/pdf");
    return { originalFileKey, pages };
  } catch (e) {
    await files.discard();
    throw e;
  }
}

/**
 * The files of one PDF as they are stored: every key is noted before its
 * upload starts, and discard() waits for the uploads still running before it
 * deletes them all. A failure part-way (a refused page, the deadline, a
 * worker that died) then leaves nothing behind, not even the page that was
 * being written when it happened (which an object store may take a while to
 * accept); once discarding has begun, nothing more is stored.
 */
export class StoredFiles {
  private readonly keys = new Set<string>();
  private readonly running = new Set<Promise<unknown>>();
  private discarding = false;

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    if (this.discarding) throw new Error("these files are being discarded");
    this.keys.add(key);
    const put = getStorage().put(key, bytes, contentType);
    this.running.add(put);
    try {
      await put;
    } finally {
      this.running.delete(put);
    }
  }

  /** storePage, through put. */
  async page(prefix: string, n: number, page: RenderedPage): Promise<PageInfo> {
    const keys = pageKeys(prefix, n);
    await Promise.all([this.put(keys.imageKey, page.image, PAGE_IMAGE.contentType), this.put(keys.thumbnailKey, page.thumbnail, PAGE_IMAGE.contentType)]);
    return { width: page.width, height: page.height, ...keys };
  }

  /** Waits for every upload under way, then deletes every file put (or being put). */
  async discard(): Promise<void> {
    this.discarding = true;
    while (this.running.size) await Promise.allSettled([...this.running]);
    const storage = getStorage();
    await Promise.all([...this.keys].map((k) => storage.delete(k).catch(() => {})));
  }
}

/** The storage keys of page n's image and thumbnail under `prefix`. */
export function pageKeys(prefix: string, n: number, names = { pages: "pages", thumbs: "thumbs" }) {
  return { imageKey: `${prefix}/${names.pages}/${n}.${PAGE_IMAGE.extension}`, thumbnailKey: `${prefix}/${names.thumbs}/${n}.${PAGE_IMAGE.extension}` };
}

/** Stores one rendered page (image and thumbnail) and returns what the page rows keep of it. */
export async function storePage(prefix: string, n: number, page: RenderedPage, names?: { pages: string; thumbs: string }): Promise<PageInfo> {
  const storage = getStorage();
  const keys = pageKeys(prefix, n, names);
  await Promise.all([storage.put(keys.imageKey, page.image, PAGE_IMAGE.contentType), storage.put(keys.thumbnailKey, page.thumbnail, PAGE_IMAGE.contentType)]);
  return { width: page.width, height: page.height, ...keys };
}

/** Removes what storePdfWithPages or processUpload stored (when the row that would point at it cannot be written). */
export async function deleteStoredPdf(stored: { originalFileKey: string; pages: PageInfo[] }) {
  const storage = getStorage();
  const keys = [stored.originalFileKey, ...stored.pages.flatMap((p) => [p.imageKey, p.thumbnailKey])];
  await Promise.all(keys.map((k) => storage.delete(k).catch(() => {})));
}

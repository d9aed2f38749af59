// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import { createCanvas, type Canvas } from "@napi-rs/canvas";
import { PdfReadError } from "./pdf-read-error";
import { loadPdfDocument } from "./pdfjs";

export type RenderedPage = {
  /** Page size in PDF points (1/72 inch), as displayed (rotation applied). */
  width: number;
  height: number;
  /** PAGE_IMAGE.format (JPEG), about PAGE_WIDTH_PX wide. */
  image: Buffer;
  /** PAGE_IMAGE.format (JPEG), THUMBNAIL_WIDTH_PX wide. */
  thumbnail: Buffer;
};

/**
 * How page images and thumbnails are encoded, and the storage extension and
 * content type that go with it. JPEG at quality 85: on the bench PDF it
 * encodes ~5x faster than PNG (0.56x the rasterising time instead of 2.8x)
 * and is ~40 % smaller; WebP is smaller still but encodes slower than PNG
 * (docs/processing.md has the figures). Pages stored before this (PNG) keep
 * their own keys, so they stay readable.
 */
export const PAGE_IMAGE = { format: "jpeg", quality: 85, thumbnailQuality: 80, extension: "jpg", contentType: "image/jpeg" } as const;

const PAGE_WIDTH_PX = 1100;
const THUMBNAIL_WIDTH_PX = 200;
const DEFAULT_MAX_PAGES = 500;
/** 1100 × ~3600: a US Letter page at PAGE_WIDTH_PX is ~1.6 MP. */
const MAX_PAGE_PIXELS = 4_000_000;

type PdfDoc = Awaited<Awaited<ReturnType<typeof loadPdfDocument>>["promise"]>;

/** Renders every page of a PDF to a page image and a thumbnail, one after the other, in this thread. */
export async function renderPdfPages(
  bytes: Uint8Array,
  opts: { maxPages?: number } = {},
): Promise<RenderedPage[]> {
  const doc = await openPdfForRendering(bytes, opts);
  try {
    const pages: RenderedPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) pages.push(await renderPage(doc, n));
    return pages;
  } finally {
    await doc.destroy().catch(() => {});
  }
}

/**
 * Opens a PDF for renderPage, refusing one that is unusable or has more than
 * maxPages pages. The caller must `destroy()` it. Several threads may each
 * open the same bytes and render a share of the pages (run-in-worker.ts).
 */
export async function openPdfForRendering(bytes: Uint8Array, opts: { maxPages?: number } = {}): Promise<PdfDoc> {
  assertLooksLikePdf(bytes);
  const task = await loadPdfDocument(bytes);

  let doc: PdfDoc;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy().catch(() => {});
    throw toPdfReadError(e);
  }
  try {
    if (doc.numPages < 1) throw new PdfReadError("no_pages", "The PDF has no pages.");
    const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
    if (doc.numPages > maxPages) {
      throw new PdfReadError("too_many_pages", `The PDF has ${doc.numPages} pages; at most ${maxPages} are allowed.`);
    }
    return doc;
  } catch (e) {
    await doc.destroy().catch(() => {});
    throw e;
  }
}

/**
 * Renders page n (from 1) to its image and thumbnail. Encoding is synchronous
 * on purpose: overlapping an asynchronous encode (on libuv's threads) with
 * rendering the next page crashed @napi-rs/canvas 0.1.100 with SIGSEGV under
 * concurrent jobs. Speed comes from more threads instead, each rendering and
 * encoding its own pages start to finish (run-in-worker.ts).
 */
export async function renderPage(doc: PdfDoc, n: number): Promise<RenderedPage> {
  const page = await doc.getPage(n);
  try {
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: renderScale(base.width, base.height) });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext("2d");
    // PDFs assume white paper; an unpainted canvas is transparent.
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: ctx as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    return {
      width: round2(base.width),
      height: round2(base.height),
      image: canvas.encodeSync(PAGE_IMAGE.format, PAGE_IMAGE.quality),
      thumbnail: thumbnailOf(canvas),
    };
  } catch (e) {
    throw e instanceof PdfReadError ? e : toPdfReadError(e, n);
  } finally {
    page.cleanup();
  }
}

export type PageSize = {
  /** In PDF points as displayed (rotation applied), as renderPage reports them. */
  width: number;
  height: number;
  /**
   * The same unrounded, as pdf.js computes them: what `pixels` came from, and what another renderer's
   * resolution is worked out from (`width` and `height` are rounded to 0.01 pt, a pixel off on a small page).
   */
  points: { width: number; height: number };
  /** The page image's and the thumbnail's size in pixels, as renderPage draws them. */
  pixels: { width: number; height: number };
  thumbnail: { width: number; height: number };
  /** Turned a quarter (/Rotate 90 or 270): its pixel sizes are the unrotated page's height and width. */
  turned: boolean;
};

/** Page n's size, without drawing it. */
export async function pageSize(doc: PdfDoc, n: number): Promise<PageSize> {
  const page = await doc.getPage(n);
  try {
    const base = page.getViewport({ scale: 1 });
    const pixels = pagePixels(base.width, base.height);
    const turned = page.rotate % 180 !== 0;
    const points = { width: base.width, height: base.height };
    return { width: round2(base.width), height: round2(base.height), points, pixels, thumbnail: thumbnailPixels(pixels), turned };
  } finally {
    page.cleanup();
  }
}

/**
 * PAGE_WIDTH_PX wide, unless that would make the bitmap larger than
 * MAX_PAGE_PIXELS (a page a few points wide and metres tall): then smaller,
 * so one page never takes more than ~16 MB of canvas.
 */
function renderScale(width: number, height: number): number {
  const byWidth = PAGE_WIDTH_PX / width;
  const byArea = Math.sqrt(MAX_PAGE_PIXELS / (width * height));
  return Math.min(byWidth, byArea);
}

/**
 * A page's pixel size at renderScale, as renderPage's canvas has it. Another
 * renderer (pdftoppm) is asked for exactly this, and its image is checked
 * against it.
 */
function pagePixels(width: number, height: number): { width: number; height: number } {
  const scale = renderScale(width, height);
  return { width: Math.ceil(width * scale), height: Math.ceil(height * scale) };
}

/** A thumbnail's size for a page image of `page` pixels. */
function thumbnailPixels(page: { width: number; height: number }): { width: number; height: number } {
  const width = Math.min(THUMBNAIL_WIDTH_PX, page.width);
  return { width, height: Math.max(1, Math.round((page.height * width) / page.width)) };
}

/** Downscales the rendered page rather than rendering a third time. */
function thumbnailOf(page: Canvas): Buffer {
  const { width, height } = thumbnailPixels(page);
  const thumb = createCanvas(width, height);
  const ctx = thumb.getContext("2d");
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(page, 0, 0, width, height);
  return thumb.encodeSync(PAGE_IMAGE.format, PAGE_IMAGE.thumbnailQuality);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A PDF starts with `%PDF-` within its first KiB (some writers put junk before it). */
function assertLooksLikePdf(bytes: Uint8Array) {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  if (!head.includes("%PDF-")) throw new PdfReadError("not_pdf", "The file is not a PDF.");
}

function toPdfReadError(e: unknown, page?: number): PdfReadError {
  const name = (e as { name?: string } | null)?.name;
  if (name === "PasswordException") {
    return new PdfReadError("encrypted", "The PDF is password-protected. Remove the password and upload it again.");
  }
  if (name === "InvalidPDFException") {
    return new PdfReadError("unreadable", "The PDF is damaged or not a valid PDF file.");
  }
  const where = page ? ` (page ${page})` : "";
  const detail = e instanceof Error ? `: ${e.message}` : "";
  return new PdfReadError("unreadable", `The PDF could not be read${where}${detail}.`);
}

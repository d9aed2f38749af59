import "server-only";
import path from "node:path";
import { createRequire } from "node:module";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { ProcessingError } from "./processing-error";

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

// Same global slot and the same set-up as lib/server/pdf/render-pages.ts, so
// pdf.js is loaded once per process whichever module asks first. That file
// does not export its loader; if it ever does, import it here instead.
const g = globalThis as unknown as { __pdfjs?: Promise<PdfJs> };

function loadPdfJs(): Promise<PdfJs> {
  g.__pdfjs ??= (async () => {
    // @ts-expect-error -- the worker module ships without type declarations
    const worker: unknown = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    (globalThis as unknown as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  })();
  return g.__pdfjs;
}

function pdfjsDir() {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  return path.dirname(require.resolve("pdfjs-dist/package.json"));
}

/**
 * Opens a PDF with pdf.js for reading its text, and refuses it when it is
 * encrypted, damaged or empty. The caller must `destroy()` the document.
 *
 * Every encrypted PDF is refused, also the ones that open without a password
 * (owner restrictions only): the service writes into the PDF (hiding tags,
 * stamping signatures) with pdf-lib, which cannot write encrypted files.
 */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfJs();
  const dir = pdfjsDir();
  const task = pdfjs.getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given: pass a copy.
    data: new Uint8Array(bytes),
    standardFontDataUrl: path.join(dir, "standard_fonts") + path.sep,
    cMapUrl: path.join(dir, "cmaps") + path.sep,
    cMapPacked: true,
    wasmUrl: path.join(dir, "wasm") + path.sep,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });

  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy().catch(() => {});
    const name = (e as { name?: string } | null)?.name;
    if (name === "PasswordException") throw ProcessingError.encrypted(false);
    throw ProcessingError.unreadablePdf(e);
  }

  try {
    const { info } = await doc.getMetadata();
    if ((info as { EncryptFilterName?: string | null }).EncryptFilterName) throw ProcessingError.encrypted(true);
    if (doc.numPages < 1) throw new ProcessingError("no_pages", "The PDF has no pages.");
    return doc;
  } catch (e) {
    await doc.destroy().catch(() => {});
    throw e instanceof ProcessingError ? e : ProcessingError.unreadablePdf(e);
  }
}

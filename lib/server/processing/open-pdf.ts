// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { ProcessingError } from "./processing-error";
import { loadPdfDocument } from "@/lib/server/pdf/pdfjs";

/**
 * Opens a PDF with pdf.js for reading its text, and refuses it when it is
 * encrypted, damaged or empty. The caller must `destroy()` the document.
 *
 * Every encrypted PDF is refused, also the ones that open without a password
 * (owner restrictions only): the service writes into the PDF (hiding tags,
 * stamping signatures) with pdf-lib, which cannot write encrypted files.
 */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const task = await loadPdfDocument(bytes);

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

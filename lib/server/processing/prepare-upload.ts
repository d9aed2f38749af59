// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import type { FieldDefinition } from "@/lib/server/db/schema";
import { renderPdfPages, type RenderedPage } from "@/lib/server/pdf/render-pages";
import { checkPdfBounds } from "./check-pdf-bounds";
import { detectFileType } from "./detect-file-type";
import { hideTextTags, loadWithPdfLib } from "./hide-text-tags";
import { imageToPdf } from "./image-to-pdf";
import { openPdf } from "./open-pdf";
import { MAX_PAGES, ProcessingError, toProcessingError } from "./processing-error";
import { readTextTags } from "./text-tags";

export type PreparedUpload = {
  /** The PDF to sign: images converted, text tags covered. */
  pdf: Uint8Array;
  /** Fields from text tags (roles not checked against "any"). */
  fields: FieldDefinition[];
  pages: RenderedPage[];
};

/**
 * The heavy part of processing an upload: everything that decodes what the
 * sender sent (type check, image to PDF, text tags, page images). It touches
 * neither the database nor storage, so it runs inside the processing worker
 * (run-in-worker.ts) with that worker's memory and time limits.
 */
export async function prepareUpload(bytes: Uint8Array, roles: readonly string[] | "any"): Promise<PreparedUpload> {
  const type = detectFileType(bytes);
  let pdf: Uint8Array;
  let fields: FieldDefinition[] = [];
  switch (type.kind) {
    case "unsupported":
      throw ProcessingError.unsupportedType(type.looksLike);
    case "png":
    case "jpeg":
      pdf = await imageToPdf(bytes, type.kind);
      break;
    case "pdf": {
      const prepared = await preparePdf(bytes, roles);
      pdf = prepared.pdf;
      fields = prepared.fields;
      break;
    }
  }
  try {
    return { pdf, fields, pages: await renderPdfPages(pdf, { maxPages: MAX_PAGES }) };
  } catch (e) {
    throw toProcessingError(e);
  }
}

/** Checks a PDF, reads its text tags and covers them; returns the PDF to store. */
async function preparePdf(bytes: Uint8Array, roles: readonly string[] | "any") {
  // pdf-lib first: it parses without inflating anything, so the declared
  // sizes can be checked before pdf.js decodes a byte (check-pdf-bounds.ts).
  // Every later write (hiding tags here, the signed PDF at the end) goes
  // through pdf-lib too, so a file it cannot open is refused now.
  const lib = await loadWithPdfLib(bytes);
  await checkPdfBounds(lib);

  const doc = await openPdf(bytes);
  let found: Awaited<ReturnType<typeof readTextTags>>;
  try {
    if (doc.numPages > MAX_PAGES) throw ProcessingError.tooManyPages(doc.numPages);
    found = await readTextTags(doc, roles); // also checks the roles the tags name
  } catch (e) {
    // A page pdf.js cannot read fails the same way every time: not worth a retry.
    throw e instanceof ProcessingError ? e : ProcessingError.unreadablePdf(e);
  } finally {
    await doc.destroy().catch(() => {});
  }

  let pdf = bytes;
  if (found.tagBoxes.length) {
    try {
      pdf = await hideTextTags(lib, found.tagBoxes);
    } catch (e) {
      throw ProcessingError.unreadablePdf(e);
    }
  }
  return { pdf, fields: found.fields };
}

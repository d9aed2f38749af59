// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import type { FieldDefinition } from "@/lib/server/db/schema";
import { flattenFormIn } from "@/lib/server/completion/flatten-form";
import { importFormFields } from "./acroform/form-fields";
import { readFormFields, type FormField } from "./acroform/read-form-fields";
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
  /** Fields from text tags and form fields (roles not checked against "any"). */
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

/**
 * Checks a PDF, reads its text tags and covers them, turns its form fields
 * (AcroForm) into fields and flattens the form (docs/text-tags.md "Fillable
 * PDFs"); returns the PDF to store, which the page images are rendered from,
 * so they show the form's printed look and no interactive widget.
 */
async function preparePdf(bytes: Uint8Array, roles: readonly string[] | "any") {
  // pdf-lib first: it parses without inflating anything, so the declared
  // sizes can be checked before pdf.js decodes a byte (check-pdf-bounds.ts).
  // Every later write (hiding tags here, the signed PDF at the end) goes
  // through pdf-lib too, so a file it cannot open is refused now.
  const lib = await loadWithPdfLib(bytes);
  await checkPdfBounds(lib);
  // The form's size is bounded before pdf.js reads a page (MAX_FORM_FIELDS).
  let formFields: FormField[];
  try {
    formFields = readFormFields(lib);
  } catch (e) {
    throw e instanceof ProcessingError ? e : ProcessingError.unreadablePdf(e);
  }

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

  // Form fields become fields after the tags, which win where both ask the
  // same; role errors name the field and page.
  let form: ReturnType<typeof importFormFields>;
  let flattened: boolean;
  try {
    form = importFormFields(lib, formFields, roles, found.fields);
    flattened = flattenFormIn(lib, { drawOff: form.drawOff });
  } catch (e) {
    throw e instanceof ProcessingError ? e : ProcessingError.unreadablePdf(e);
  }
  const fields = form.fields.length ? [...found.fields, ...form.fields].sort(byPlace) : found.fields;

  let pdf = bytes;
  if (found.tagBoxes.length || flattened) {
    try {
      pdf = await hideTextTags(lib, found.tagBoxes);
    } catch (e) {
      throw ProcessingError.unreadablePdf(e);
    }
  }
  return { pdf, fields };
}

/** In page order, then top to bottom, then left to right (as text tags come). */
const byPlace = (a: FieldDefinition, b: FieldDefinition) => a.page - b.page || a.y - b.y || a.x - b.x;

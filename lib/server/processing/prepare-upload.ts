// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import { PDFArray, PDFDict, PDFName, type PDFDocument } from "pdf-lib";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { FieldDefinition } from "@/lib/server/db/schema";
import { flattenFormIn } from "@/lib/server/completion/flatten-form";
import { importFormFields } from "./acroform/form-fields";
import { readFormFields, type FormField } from "./acroform/read-form-fields";
import { checkPdfBounds } from "./check-pdf-bounds";
import { detectFileType } from "./detect-file-type";
import { hideTextTags, loadWithPdfLib } from "./hide-text-tags";
import { imageToPdf } from "./image-to-pdf";
import { openPdf } from "./open-pdf";
import { MAX_PAGES, ProcessingError } from "./processing-error";
import { assembleTextTags, scanPageTags, type PageTags } from "./text-tags";

export type PreparedUpload = {
  /** The PDF to sign: images converted, text tags covered. */
  pdf: Uint8Array;
  /** Fields from text tags and form fields (roles not checked against "any"). */
  fields: FieldDefinition[];
};

/**
 * The first part of processing an upload: everything that decodes what the
 * sender sent (type check, image to PDF, text tags) up to the PDF the page
 * images are rendered from. It touches neither the database nor storage, so
 * it runs inside a processing worker with that worker's memory and time
 * limits. This is the one-thread order of the steps; run-in-worker.ts runs
 * the same steps with the text pass spread over the workers (checkUpload,
 * then scanPageTags per page, then finishPdfUpload).
 */
export async function prepareUpload(bytes: Uint8Array, roles: readonly string[] | "any"): Promise<PreparedUpload> {
  const checked = await checkUpload(bytes, roles);
  if (checked.kind === "ready") return checked.prepared;
  try {
    const scanned: PageTags[] = [];
    for (let n = 1; n <= checked.pageCount; n++) scanned.push(await scanPageTagsOrRefuse(checked.upload.doc, n, roles));
    const finished = await finishPdfUpload(checked.upload, scanned);
    return { pdf: finished.pdf ?? bytes, fields: finished.fields };
  } finally {
    await checked.upload.doc.destroy().catch(() => {});
  }
}

/** A PDF upload between its checks and its text pass: kept by the worker that checked it. */
export type PdfUpload = {
  roles: readonly string[] | "any";
  /** pdf-lib's view, which covers the tags and flattens the form at the end. */
  lib: PDFDocument;
  formFields: FormField[];
  /** pdf.js's view of the file as uploaded (the caller destroys it). */
  doc: PDFDocumentProxy;
};

export type CheckedUpload =
  /** An image: converted to a one-page PDF, nothing more to read. */
  | { kind: "ready"; prepared: PreparedUpload }
  | {
      kind: "pdf";
      upload: PdfUpload;
      pageCount: number;
      /**
       * No form to flatten: the prepared PDF differs from the upload only on
       * the pages with tags (covered), so the other pages can be rendered from
       * the upload as it is, before the tags are covered.
       */
      untaggedPagesAsUploaded: boolean;
    };

/**
 * The checks before pdf.js reads any page: type, pdf-lib bounds (it parses
 * without inflating anything, so declared sizes are checked before pdf.js
 * decodes a byte: check-pdf-bounds.ts), the form's size, then pdf.js opens
 * it (encrypted or damaged files are refused) and the page count is bounded.
 */
export async function checkUpload(bytes: Uint8Array, roles: readonly string[] | "any"): Promise<CheckedUpload> {
  const type = detectFileType(bytes);
  switch (type.kind) {
    case "unsupported":
      throw ProcessingError.unsupportedType(type.looksLike);
    case "png":
    case "jpeg":
      return { kind: "ready", prepared: { pdf: await imageToPdf(bytes, type.kind), fields: [] } };
    case "pdf":
      break;
  }
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
  try {
    if (doc.numPages > MAX_PAGES) throw ProcessingError.tooManyPages(doc.numPages);
  } catch (e) {
    await doc.destroy().catch(() => {});
    throw e;
  }
  return { kind: "pdf", upload: { roles, lib, formFields, doc }, pageCount: doc.numPages, untaggedPagesAsUploaded: !hasFormToFlatten(lib) };
}

/** scanPageTags with the refusal a page pdf.js cannot read gets (the same every time: not worth a retry). */
export async function scanPageTagsOrRefuse(doc: PDFDocumentProxy, n: number, roles: readonly string[] | "any"): Promise<PageTags> {
  try {
    return await scanPageTags(doc, n, roles); // also checks the roles the tags name
  } catch (e) {
    throw e instanceof ProcessingError ? e : ProcessingError.unreadablePdf(e);
  }
}

/**
 * After every page's tags are read: turns the form fields (AcroForm) into
 * fields and flattens the form (docs/text-tags.md "Fillable PDFs"), covers
 * the tags; returns the PDF to store, which the page images show, so they
 * show the form's printed look and no interactive widget.
 */
export async function finishPdfUpload(upload: PdfUpload, scanned: readonly PageTags[]): Promise<{ pdf: Uint8Array | null; fields: FieldDefinition[] }> {
  const { lib, formFields, roles } = upload;
  const found = assembleTextTags(scanned);
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

  let pdf: Uint8Array | null = null;
  if (found.tagBoxes.length || flattened) {
    try {
      pdf = await hideTextTags(lib, found.tagBoxes);
    } catch (e) {
      throw ProcessingError.unreadablePdf(e);
    }
  }
  // null: the upload itself is the PDF to store (the caller has its bytes).
  return { pdf, fields };
}

/**
 * Whether flattenFormIn would change anything (the same tests): a form in
 * the catalog, NeedsRendering (XFA), or a widget on any page. Without one,
 * only the tagged pages of the prepared PDF differ from the upload.
 */
function hasFormToFlatten(doc: PDFDocument): boolean {
  if (doc.catalog.has(PDFName.of("AcroForm")) || doc.catalog.has(PDFName.of("NeedsRendering"))) return true;
  return doc.getPages().some((page) => {
    const annots = page.node.lookup(PDFName.of("Annots"));
    if (!(annots instanceof PDFArray)) return false;
    return annots.asArray().some((raw) => {
      const annot = doc.context.lookup(raw);
      return annot instanceof PDFDict && annot.get(PDFName.of("Subtype")) === PDFName.of("Widget");
    });
  });
}

/** In page order, then top to bottom, then left to right (as text tags come). */
const byPlace = (a: FieldDefinition, b: FieldDefinition) => a.page - b.page || a.y - b.y || a.x - b.x;

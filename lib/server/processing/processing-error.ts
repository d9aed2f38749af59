// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import { PdfReadError } from "@/lib/server/pdf/pdf-read-error";

/** 25 MiB: large enough for scanned contracts, small enough to render in one job. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Every page is rendered to an image and a thumbnail; past this a job takes minutes. */
export const MAX_PAGES = 200;
/**
 * Largest image (uploaded PNG/JPEG, or an image inside a PDF) in pixels,
 * checked from the declared size before anything is decoded. A decoded image
 * is held as RGBA: 25 MP is 100 MB, about the most one job may take within
 * the worker's memory budget (run-in-worker.ts). 6000 × 4000 (a 24 MP camera) fits.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
/**
 * Everything compressed in a PDF other than images (page content, fonts,
 * metadata) may inflate to at most this much in total: real documents stay
 * far below it, and a "zip bomb" stream is refused before pdf.js inflates it.
 */
export const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

export type ProcessingErrorCode =
  | "empty"
  | "unsupported_type"
  | "too_large"
  | "image_too_large"
  | "unreadable"
  | "encrypted"
  | "no_pages"
  | "too_many_pages"
  | "unknown_role"
  | "malformed_tag"
  /** More form fields (AcroForm) than one upload may bring (acroform/read-form-fields.ts). */
  | "too_many_fields"
  /** The file expands beyond the memory or time the processing worker is given. */
  | "too_complex";

/**
 * Why an uploaded file could not be turned into a document. The message is
 * written for the sender (it becomes the sending request's status_message);
 * callers branch on `code`, never on the text.
 */
export class ProcessingError extends Error {
  constructor(
    readonly code: ProcessingErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ProcessingError";
  }

  static empty() {
    return new ProcessingError("empty", "The uploaded file is empty.");
  }

  static unsupportedType(looksLike?: string) {
    const hint = looksLike ? ` (it looks like ${looksLike})` : "";
    return new ProcessingError("unsupported_type", `The file is not a PDF, PNG or JPEG${hint}. Upload a PDF or an image.`);
  }

  static tooLarge(bytes: number) {
    const limit = mib(MAX_UPLOAD_BYTES);
    const size = mib(bytes) === limit ? `just over ${limit}` : mib(bytes);
    return new ProcessingError("too_large", `The file is too large (${size}); files of up to ${limit} can be uploaded.`);
  }

  static imageTooLarge(width: number, height: number) {
    return new ProcessingError(
      "image_too_large",
      `The image is ${width} × ${height} pixels; at most ${MAX_IMAGE_PIXELS / 1e6} megapixels are supported. Scale it down and upload it again.`,
    );
  }

  static pdfImageTooLarge(width: number, height: number) {
    return new ProcessingError(
      "image_too_large",
      `The PDF contains an image of ${width} × ${height} pixels; at most ${MAX_IMAGE_PIXELS / 1e6} megapixels per image are supported. Export the PDF with smaller or compressed images and upload it again.`,
    );
  }

  static inflatesTooMuch() {
    return new ProcessingError(
      "too_complex",
      `The PDF's compressed content expands to more than ${mib(MAX_INFLATED_BYTES)}, which no ordinary document does; it may be damaged or built to overload the server. Save or print it again as a new PDF and upload that.`,
    );
  }

  static outOfMemory() {
    return new ProcessingError(
      "too_complex",
      "The file needs more memory to process than we allow for one upload; it may be damaged or built to overload the server. Save or print it again as a new PDF (with smaller images) and upload that.",
    );
  }

  static tooSlow(seconds: number) {
    return new ProcessingError(
      "too_complex",
      `Processing the file took longer than ${seconds} seconds and was stopped. Save or print it again as a simpler PDF (fewer or smaller images) and upload that.`,
    );
  }

  static unreadableImage(kind: "PNG" | "JPEG", cause?: unknown) {
    return new ProcessingError("unreadable", `The ${kind} image is damaged or could not be read.`, { cause });
  }

  static unreadablePdf(cause?: unknown) {
    return new ProcessingError("unreadable", "The PDF is damaged or not a valid PDF file.", { cause });
  }

  static encrypted(ownerRestrictionsOnly: boolean) {
    // Restriction-only PDFs open without a password but still cannot be
    // written into (tags hidden, signatures stamped), so they are refused too.
    const what = ownerRestrictionsOnly ? "is encrypted (it has editing restrictions)" : "is password-protected";
    return new ProcessingError(
      "encrypted",
      `The PDF ${what}. Save or print an unprotected copy and upload that.`,
    );
  }

  static tooManyPages(pages: number) {
    return new ProcessingError("too_many_pages", `The PDF has ${pages} pages; at most ${MAX_PAGES} are allowed.`);
  }

  static unknownRole(tag: string, role: string, page: number, roles: readonly string[], suggestion?: string) {
    const hint = suggestion ? ` Did you mean "${suggestion}"?` : "";
    return new ProcessingError(
      "unknown_role",
      `The text tag ${clip(tag)} on page ${page} names the role "${role}", which is not one of the roles in the request (${listRoles(roles)}).${hint}`,
    );
  }

  /** A tag for the Nth recipient (RightSignature's party letter, signerN, rN) when the request has fewer. */
  static unknownParty(tag: string, label: string, index: number, page: number, roles: readonly string[], byLetter: boolean) {
    const count = roles.length === 1 ? "1 role" : `${roles.length} roles`;
    const named = byLetter ? ` and none of them is named "${label}"` : "";
    return new ProcessingError(
      "unknown_role",
      `The text tag ${clip(tag)} on page ${page} is for "${label}", the ${ordinal(index + 1)} recipient, but the request has ${count} (${listRoles(roles)})${named}.`,
    );
  }

  static tooManyFormFields(maxFields: number, maxWidgets?: number) {
    const what = maxWidgets === undefined ? `more than ${maxFields} form fields` : `more than ${maxWidgets} form field widgets`;
    return new ProcessingError(
      "too_many_fields",
      `The PDF has ${what}; at most ${maxFields} fillable form fields${maxWidgets === undefined ? "" : ` (${maxWidgets} widgets)`} are supported. Split the document, or remove the form fields and use text tags instead.`,
    );
  }

  /** A form field named for the Nth recipient (signerN) when the request has fewer. */
  static formFieldUnknownParty(field: string, label: string, index: number, page: number, roles: readonly string[]) {
    const count = roles.length === 1 ? "1 role" : `${roles.length} roles`;
    return new ProcessingError(
      "unknown_role",
      `The form field ${clip(field)} on page ${page} is for "${label}", the ${ordinal(index + 1)} recipient, but the request has ${count} (${listRoles(roles)}).`,
    );
  }

  static malformedTag(tag: string, page: number, problem: string) {
    return new ProcessingError("malformed_tag", `The text tag ${clip(tag)} on page ${page} is not valid: ${problem}.`);
  }

  /** Wraps the renderer's error (lib/server/pdf) so callers handle one type. */
  static fromPdfReadError(e: PdfReadError) {
    const code: ProcessingErrorCode = e.code === "not_pdf" ? "unsupported_type" : e.code;
    return new ProcessingError(code, e.message, { cause: e });
  }
}

/** Rethrows anything the PDF helpers throw as a ProcessingError when it is one in substance. */
export function toProcessingError(e: unknown): unknown {
  if (e instanceof ProcessingError) return e;
  if (e instanceof PdfReadError) return ProcessingError.fromPdfReadError(e);
  return e;
}

const mib = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(2))} MiB`;
const listRoles = (roles: readonly string[]) => (roles.length ? roles.map((r) => `"${r}"`).join(", ") : "none");
const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
};
const clip = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}…` : s);

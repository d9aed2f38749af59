import type { FieldDefinition } from "@/lib/server/db/schema";
import type { PageSize, RenderedPage } from "@/lib/server/pdf/render-pages";
import type { ReadMarks } from "@/lib/server/completion/read-evidence-marks";
import type { SignatureReport } from "@/lib/server/pdf-signing/read-pdf-signatures";
import type { ProcessingErrorCode } from "./processing-error";
import type { PageTags } from "./text-tags";

/**
 * What run-in-worker.ts asks of a processing worker, one request at a time.
 * "open" then "page" (any number of times) render a PDF's pages: several
 * workers each open the same bytes and are handed page numbers in turn;
 * "close" lets go of every PDF the worker holds.
 *
 * An upload: "check" (one worker: type, bounds, pdf.js opens it as uploaded),
 * "source" (the others open the upload as uploaded, once checked), "scan"
 * (one page's text tags, dealt out across them), "finish" (the worker that
 * checked it: form fields, flattening, tags covered: the PDF to store, or
 * null when that is the upload unchanged); then "page" renders from the
 * upload as uploaded (`from: "source"`, pages without tags when there is no
 * form) or from the prepared PDF given to "open".
 *
 * When pdftoppm renders the pages (render-with-pdftoppm.ts): "sizes" (every
 * page's size in points and pixels, from the PDF opened by "open", or the
 * upload with `from: "source"`); "page" renders a page it did not deliver.
 */
export type WorkerTask =
  | { op: "check"; bytes: Uint8Array; roles: readonly string[] | "any" }
  | { op: "source"; bytes: Uint8Array }
  | { op: "scan"; n: number; roles: readonly string[] | "any" }
  | { op: "finish"; scanned: PageTags[] }
  | { op: "open"; bytes: Uint8Array; maxPages?: number }
  | { op: "page"; n: number; from?: "source" | "open" }
  | { op: "sizes"; from?: "source" | "open" }
  | { op: "close" }
  | { op: "inspect"; bytes: Uint8Array; serviceCertificate: Uint8Array | null };

export type WorkerReply =
  | { ok: true; op: "ready" }
  | { ok: true; op: "check"; kind: "ready"; pdf: Uint8Array; fields: FieldDefinition[] }
  | { ok: true; op: "check"; kind: "pdf"; pageCount: number; untaggedPagesAsUploaded: boolean }
  | { ok: true; op: "source"; pageCount: number }
  | { ok: true; op: "scan"; tags: PageTags }
  | { ok: true; op: "finish"; pdf: Uint8Array | null; fields: FieldDefinition[] }
  | { ok: true; op: "open"; pageCount: number }
  | { ok: true; op: "page"; n: number; page: RenderedPage }
  | { ok: true; op: "sizes"; sizes: PageSize[] }
  | { ok: true; op: "close" }
  | { ok: true; op: "inspect"; signatures: SignatureReport[]; marks: ReadMarks }
  | { ok: false; kind: "processing"; code: ProcessingErrorCode; message: string }
  | { ok: false; kind: "internal"; message: string };

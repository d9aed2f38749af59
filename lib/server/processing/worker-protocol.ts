import type { FieldDefinition } from "@/lib/server/db/schema";
import type { RenderedPage } from "@/lib/server/pdf/render-pages";
import type { ReadMarks } from "@/lib/server/completion/read-evidence-marks";
import type { SignatureReport } from "@/lib/server/pdf-signing/read-pdf-signatures";
import type { ProcessingErrorCode } from "./processing-error";

/** What run-in-worker.ts asks of the processing worker. */
export type WorkerTask =
  | { op: "upload"; bytes: Uint8Array; roles: readonly string[] | "any" }
  | { op: "render"; bytes: Uint8Array; maxPages?: number }
  | { op: "inspect"; bytes: Uint8Array; serviceCertificate: Uint8Array | null };

export type WorkerReply =
  | { ok: true; op: "upload"; result: { pdf: Uint8Array; fields: FieldDefinition[]; pages: RenderedPage[] } }
  | { ok: true; op: "render"; pages: RenderedPage[] }
  | { ok: true; op: "inspect"; signatures: SignatureReport[]; marks: ReadMarks }
  | { ok: false; kind: "processing"; code: ProcessingErrorCode; message: string }
  | { ok: false; kind: "internal"; message: string };

import "server-only";
import type { ReadMarks } from "@/lib/server/completion/read-evidence-marks";
import { inspectPdfInWorker } from "@/lib/server/processing/run-in-worker";
import type { SignatureReport } from "./read-pdf-signatures";
import { getSigningKey } from "./signing-identity";

export type { CertificateInfo, PadesLevel, SignatureReport, TimestampInfo } from "./read-pdf-signatures";

/**
 * Every signature and document timestamp in a PDF, oldest first, each
 * checked on its own (see SignatureReport in read-pdf-signatures.ts): integrity
 * of its byte range, signer certificate and chain, claimed signing time,
 * RFC 3161 timestamp, PAdES level, and whether this service made it (the
 * signer certificate is the service's signing certificate).
 *
 * With them, the file's evidence marks (read-evidence-marks.ts): the document
 * id and audit chain head it claims.
 *
 * For the verification report (/verify, POST /verify). Anyone may send any
 * file there, so the parsing runs in the processing worker, bounded in memory
 * and time (run-in-worker.ts): a file that exceeds the bounds throws a
 * ProcessingError. Never throws for an unsigned or damaged PDF: [] or reports
 * with `problems`. It does not judge trust or revocation; the caller decides
 * what a valid, ours, timestamped signature over the whole file means.
 */
export async function inspectPdfSignatures(bytes: Uint8Array): Promise<{ signatures: SignatureReport[]; marks: ReadMarks }> {
  const key = await getSigningKey();
  return inspectPdfInWorker(bytes, key.certificate);
}

import "server-only";
import { readPdfSignatures, type SignatureReport } from "./read-pdf-signatures";
import { getSigningKey } from "./signing-identity";

export type { CertificateInfo, PadesLevel, SignatureReport, TimestampInfo } from "./read-pdf-signatures";

/**
 * Every signature and document timestamp in a PDF, oldest first, each
 * checked on its own (see SignatureReport in read-pdf-signatures.ts): integrity
 * of its byte range, signer certificate and chain, claimed signing time,
 * RFC 3161 timestamp, PAdES level, and whether this service made it (the
 * signer certificate is the service's signing certificate).
 *
 * For the verification report (/verify, POST /verify). Never throws for an
 * unsigned or damaged PDF: [] or reports with `problems`. It does not judge
 * trust or revocation; the caller decides what a valid, ours, timestamped
 * signature over the whole file means for its answer.
 */
export async function inspectPdfSignatures(bytes: Uint8Array): Promise<SignatureReport[]> {
  const key = await getSigningKey();
  return readPdfSignatures(bytes, { serviceCertificate: key.certificate });
}

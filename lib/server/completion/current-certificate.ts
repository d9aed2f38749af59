import "server-only";
import { env } from "@/lib/env";
import type { Db } from "@/lib/server/db/client";
import type { Storage } from "@/lib/server/storage/storage";
import { buildCertificate } from "./build-certificate";
import { certificateInputOf } from "./certificate-input";
import { loadCompletionData, type CompletionData } from "./load-completion-data";
import { mergePdfs } from "./merge-pdfs";
import { sha256Hex } from "./produce-files";

/** `signature`: the certificate alone; `merged`: the document followed by its certificate. */
export type CertificateKind = "signature" | "merged";

/**
 * A document's certificate as it stands now. Once the document is completed
 * that is the stored, sealed file (the same bytes as its file address); before,
 * it is made on request from the audit trail so far and says on every page
 * that the document is not completed, and the merged kind puts it after the
 * original file (no values are stamped in before completion). Nothing made
 * here is stored: the next request shows the events since. Null when the
 * document or its original file is gone.
 */
export async function currentCertificate(
  db: Db,
  storage: Storage,
  documentId: string,
  kind: CertificateKind,
  now: Date = new Date(),
): Promise<{ data: Uint8Array; final: boolean } | null> {
  const data = await loadCompletionData(db, documentId);
  if (!data) return null;
  const finalKey = kind === "signature" ? data.doc.certificateKey : data.doc.mergedPdfKey;
  if (finalKey) {
    const file = await storage.get(finalKey);
    if (file) return { data: new Uint8Array(file.data), final: true };
  }

  const original = await storage.get(data.doc.originalFileKey);
  if (!original) return null;
  const originalBytes = new Uint8Array(original.data);
  const issuer = new URL(env().APP_URL).host;
  const certificate = await buildCertificate(
    await certificateInputOf(data, originalBytes, {
      originalSha256: data.doc.originalSha256 ?? sha256Hex(originalBytes),
      signedPdfSha256: null,
      generatedAt: now,
      issuer,
      unfinished: unfinishedNote(data),
    }),
  );
  if (kind === "signature") return { data: certificate, final: false };
  const merged = await mergePdfs([originalBytes, certificate], {
    title: `${data.doc.name} (not yet completed, with its certificate so far)`,
    producer: issuer,
    at: now,
  });
  return { data: merged, final: false };
}

/** What the certificate of a document that is not completed says about it. */
function unfinishedNote({ doc, people }: CompletionData): { label: string; explanation: string } {
  const signers = people.filter((p) => !p.omitted);
  const signed = signers.filter((p) => p.status === "signed").length;
  const progress = `${signed} of ${signers.length} signer${signers.length === 1 ? "" : "s"} signed`;
  const later = "This page shows the audit trail so far. It is not the final certificate and carries no seal: that is issued with the signed PDF once every signer has signed.";
  switch (doc.state) {
    case "voided":
    case "declined":
    case "expired":
      return {
        label: "Not completed",
        explanation: `The document was ${doc.state} (${progress}) and will not be completed. This page shows its audit trail; there is no signed PDF.`,
      };
    case "executed":
      return { label: "Not yet completed", explanation: `Every signer has signed; the signed PDF and the final certificate are being produced. ${later}` };
    default:
      return { label: "Not yet completed", explanation: `The document is ${doc.state} (${progress}). ${later}` };
  }
}

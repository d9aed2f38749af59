import "server-only";
import { PDFDocument } from "pdf-lib";
import type { PadesLevel } from "@/lib/server/pdf-signing/read-pdf-signatures";
import { env } from "@/lib/env";
import type { CertificateInput } from "./build-certificate";
import { evidenceMarksOf } from "./evidence-marks";
import { signingOriginOf, type CompletionData } from "./load-completion-data";

/**
 * What a certificate says about a document, from its completion data: the
 * final certificate (produce-files.ts) and the one served on request before
 * completion (current-certificate.ts) are made of the same facts.
 */
export async function certificateInputOf(
  data: CompletionData,
  original: Uint8Array,
  extra: Pick<CertificateInput, "originalSha256" | "signedPdfSha256" | "generatedAt" | "issuer" | "unfinished"> & {
    /** PAdES level the executed PDFs are sealed at (B-B, or B-LTA with TSA_URLS); null before completion. */
    signatureLevel?: PadesLevel | null;
  },
): Promise<CertificateInput & { signatureLevel: PadesLevel | null }> {
  const { doc } = data;
  return {
    document: {
      id: doc.id,
      name: doc.name,
      filename: doc.filename,
      pageCount: doc.pages.length || (await countPages(original)),
      sentAt: doc.sentAt,
      executedAt: doc.executedAt,
    },
    sender: data.sender,
    signers: data.people
      .filter((p) => !p.omitted)
      .map((p) => ({
        name: p.name,
        email: p.email,
        role: p.roleName,
        status: p.status,
        signedAt: p.signedAt,
        ...signingOriginOf(data.trail, p.id),
      })),
    events: data.trail.map((a) => ({ time: a.createdAt, keyword: a.keyword, payload: a.payload, ipAddress: a.ipAddress })),
    auditHead: evidenceMarksOf(doc.id, data.trail, env().APP_URL).auditHead,
    verifyUrl: `${env().APP_URL}/verify`,
    ...extra,
    signatureLevel: extra.signatureLevel ?? null,
  };
}

/** Documents made before page images were recorded have no `pages`; count them from the PDF. */
async function countPages(pdf: Uint8Array) {
  return (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
}

import "server-only";
import crypto from "node:crypto";
import type { PadesLevel } from "@/lib/server/pdf-signing/read-pdf-signatures";
import { sealPdf } from "@/lib/server/pdf-signing/sign-pdf";
import { env } from "@/lib/env";
import type { RenderedPage } from "@/lib/server/pdf/render-pages";
import type { Storage } from "@/lib/server/storage/storage";
import { addEvidenceMarks, evidenceMarksOf } from "./evidence-marks";
import { buildCertificate } from "./build-certificate";
import { certificateInputOf } from "./certificate-input";
import { collectStamps } from "./collect-stamps";
import { flattenForm } from "./flatten-form";
import type { CompletionData } from "./load-completion-data";
import { mergePdfs } from "./merge-pdfs";
import { renderSignedPages } from "./signed-pages";
import { stampFields } from "./stamp-fields";

export type CompletionFiles = {
  signed: Uint8Array;
  certificate: Uint8Array;
  merged: Uint8Array;
  originalSha256: string;
  signedPdfSha256: string;
  mergedPdfSha256: string;
  /** PAdES level both PDFs were sealed at: B-LTA with TSA_URLS, else B-B. */
  signatureLevel: PadesLevel;
  /** The signed PDF's pages as images (the dashboard's preview), or null when they could not be rendered. */
  signedPageImages: RenderedPage[] | null;
};

export const sha256Hex = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/**
 * Makes the three files of an executed document, in the order their hashes
 * depend on each other: the stamped original is sealed first, so the
 * certificate can state the SHA-256 of the final signed bytes; the merged
 * file is a new PDF of those pages plus the certificate, sealed on its own.
 *
 * Sealing is PAdES B-LTA when TSA_URLS is set (B-B otherwise) and throws
 * when no time-stamping authority answers: the completion job then fails and
 * is retried later, never producing a weaker file (docs/api-decisions.md).
 */
export async function produceFiles(
  data: CompletionData,
  original: Uint8Array,
  storage: Storage,
  ctx: { now: Date; issuer: string; contactInfo: string },
): Promise<CompletionFiles> {
  const { doc } = data;
  const stamps = await collectStamps(storage, {
    fields: doc.fields,
    values: data.values,
    mergeFields: doc.mergeFields,
    mergeFieldValues: doc.mergeFieldValues,
  });
  // The footer and the audit chain's head go in before sealing, so the signature covers them (docs/evidence.md).
  const marks = evidenceMarksOf(doc.id, data.trail, env().APP_URL);
  const stamped = await addEvidenceMarks(await stampFields(await flattenForm(original), stamps), marks, { footer: true }); // no form field stays editable
  const seal = { location: ctx.issuer, contactInfo: ctx.contactInfo, signedAt: ctx.now };
  const sealed = await sealPdf(stamped, { ...seal, reason: `Executed: every signer signed document ${doc.id}` });
  const signed = sealed.bytes;
  const signedPdfSha256 = sha256Hex(signed);
  const originalSha256 = sha256Hex(original);

  const certificate = await buildCertificate(
    await certificateInputOf(data, original, {
      originalSha256,
      signedPdfSha256,
      generatedAt: ctx.now,
      issuer: ctx.issuer,
      signatureLevel: sealed.level,
    }),
  );

  const unsealedMerged = await addEvidenceMarks(await mergePdfs([signed, certificate], {
    title: `${doc.name} (signed, with signature certificate)`,
    producer: ctx.issuer,
    at: ctx.now,
  }), marks, { footer: false });
  const mergedSeal = await sealPdf(unsealedMerged, { ...seal, reason: `Executed document ${doc.id} with its signature certificate` });
  const merged = mergedSeal.bytes;
  if (mergedSeal.level !== sealed.level) throw new Error(`The merged PDF was sealed at ${mergedSeal.level}, the signed PDF at ${sealed.level}`);
  // What the sender's preview shows from now on: the pages as signed (stamps, footer), not the original's.
  const signedPageImages = await renderSignedPages(doc.id, signed);
  return {
    signed,
    certificate,
    merged,
    originalSha256,
    signedPdfSha256,
    mergedPdfSha256: sha256Hex(merged),
    signatureLevel: sealed.level,
    signedPageImages,
  };
}

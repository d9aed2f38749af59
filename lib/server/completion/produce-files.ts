import "server-only";
import crypto from "node:crypto";
import { signPdf } from "@/lib/server/pdf-signing/sign-pdf";
import type { Storage } from "@/lib/server/storage/storage";
import { buildCertificate } from "./build-certificate";
import { certificateInputOf } from "./certificate-input";
import { collectStamps } from "./collect-stamps";
import { flattenForm } from "./flatten-form";
import type { CompletionData } from "./load-completion-data";
import { mergePdfs } from "./merge-pdfs";
import { stampFields } from "./stamp-fields";

export type CompletionFiles = {
  signed: Uint8Array;
  certificate: Uint8Array;
  merged: Uint8Array;
  originalSha256: string;
  signedPdfSha256: string;
  mergedPdfSha256: string;
};

export const sha256Hex = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/**
 * Makes the three files of an executed document, in the order their hashes
 * depend on each other: the stamped original is sealed first, so the
 * certificate can state the SHA-256 of the final signed bytes; the merged
 * file is a new PDF of those pages plus the certificate, sealed on its own.
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
  const stamped = await stampFields(await flattenForm(original), stamps); // no form field stays editable
  const seal = { name: ctx.issuer, location: ctx.issuer, contactInfo: ctx.contactInfo, signedAt: ctx.now };
  const signed = await signPdf(stamped, { ...seal, reason: `Executed: every signer signed document ${doc.id}` });
  const signedPdfSha256 = sha256Hex(signed);
  const originalSha256 = sha256Hex(original);

  const certificate = await buildCertificate(
    await certificateInputOf(data, original, { originalSha256, signedPdfSha256, generatedAt: ctx.now, issuer: ctx.issuer }),
  );

  const unsealedMerged = await mergePdfs([signed, certificate], {
    title: `${doc.name} (signed, with signature certificate)`,
    producer: ctx.issuer,
    at: ctx.now,
  });
  const merged = await signPdf(unsealedMerged, { ...seal, reason: `Executed document ${doc.id} with its signature certificate` });
  return { signed, certificate, merged, originalSha256, signedPdfSha256, mergedPdfSha256: sha256Hex(merged) };
}

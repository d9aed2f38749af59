import "server-only";
import crypto from "node:crypto";
import type { PadesLevel } from "@/lib/server/pdf-signing/read-pdf-signatures";
import { sealPdf } from "@/lib/server/pdf-signing/sign-pdf";
import { env } from "@/lib/env";
import type { Storage } from "@/lib/server/storage/storage";
import { PDFDocument } from "pdf-lib";
import { addEvidenceMarksIn, evidenceMarksOf } from "./evidence-marks";
import { buildCertificate } from "./build-certificate";
import { certificateInputOf } from "./certificate-input";
import { collectStamps } from "./collect-stamps";
import { dropUploadSignatures } from "./drop-upload-signatures";
import { flattenFormIn } from "./flatten-form";
import type { CompletionData } from "./load-completion-data";
import { appendPdfIn } from "./merge-pdfs";
import { saveForCompletion } from "./save-options";
import { stampFieldsIn } from "./stamp-fields";

export type CompletionFiles = {
  signed: Uint8Array;
  certificate: Uint8Array;
  merged: Uint8Array;
  originalSha256: string;
  signedPdfSha256: string;
  mergedPdfSha256: string;
  /** PAdES level both PDFs were sealed at: B-LTA with TSA_URLS, else B-B. */
  signatureLevel: PadesLevel;
};

export const sha256Hex = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/**
 * Makes the three files of an executed document, in the order their hashes
 * depend on each other: the stamped original is sealed first, so the
 * certificate can state the SHA-256 of the final signed bytes; the merged
 * file is the stamped document with the certificate's pages appended,
 * sealed on its own.
 *
 * Sealing is PAdES B-LTA when TSA_URLS is set (B-B otherwise) and throws
 * when no time-stamping authority answers: the completion job then fails and
 * is retried later, never producing a weaker file (docs/api-decisions.md).
 */
export async function produceFiles(
  data: CompletionData,
  original: Uint8Array,
  storage: Storage,
  ctx: { now: Date; issuer: string; contactInfo: string; timings?: Record<string, number> },
): Promise<CompletionFiles> {
  const { doc } = data;
  const lap = stopwatch(ctx.timings);
  const stamps = await collectStamps(storage, {
    fields: doc.fields,
    values: data.values,
    mergeFields: doc.mergeFields,
    mergeFieldValues: doc.mergeFieldValues,
  });
  lap("collect the answers (signature images from storage)");
  // The footer and the audit chain's head go in before sealing, so the signature covers them (docs/evidence.md).
  const marks = evidenceMarksOf(doc.id, data.trail, env().APP_URL);
  // One pdf-lib load and one save for all of it (each step used to load and save the whole file).
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  dropUploadSignatures(pdf);
  // No form field stays editable. Flattening draws the widgets' looks into the pages; saved and
  // loaded again before stamping, as before, when it changed anything (then the stamps' q/Q
  // wrapping also covers whatever the widgets' content left behind).
  const form = flattenFormIn(pdf) ? await PDFDocument.load(await saveForCompletion(pdf), { updateMetadata: false }) : pdf;
  await stampFieldsIn(form, stamps);
  await addEvidenceMarksIn(form, marks, { footer: true });
  const stamped = await saveForCompletion(form);
  lap("flatten, stamp the answers, footer and marks (pdf-lib)");
  const seal = { location: ctx.issuer, contactInfo: ctx.contactInfo, signedAt: ctx.now };
  const sealed = await sealPdf(stamped, { ...seal, reason: `Executed: every signer signed document ${doc.id}` });
  lap("seal the signed PDF");
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
  lap("build the certificate");

  // The merged file is the stamped document still in memory with the certificate's pages appended,
  // saved again: its own objects are written as they are (no page copied, no stream compressed
  // twice). Of the upload's catalog it keeps the navigation only (merge-pdfs.ts). The signed PDF's
  // bytes are already made (the seal only appended to them), so changing `form` now leaves them alone.
  const mergedDoc = await appendPdfIn(form, certificate, {
    title: `${doc.name} (signed, with signature certificate)`,
    producer: ctx.issuer,
    at: ctx.now,
  });
  await addEvidenceMarksIn(mergedDoc, marks, { footer: false });
  const unsealedMerged = await saveForCompletion(mergedDoc);
  lap("merge signed PDF + certificate, marks");
  const mergedSeal = await sealPdf(unsealedMerged, { ...seal, reason: `Executed document ${doc.id} with its signature certificate` });
  const merged = mergedSeal.bytes;
  if (mergedSeal.level !== sealed.level) throw new Error(`The merged PDF was sealed at ${mergedSeal.level}, the signed PDF at ${sealed.level}`);
  lap("seal the merged PDF");
  return {
    signed,
    certificate,
    merged,
    originalSha256,
    signedPdfSha256,
    mergedPdfSha256: sha256Hex(merged),
    signatureLevel: sealed.level,
  };
}

/** Records the time since the previous lap under a step's name (bench/completion), when asked to. */
function stopwatch(timings: Record<string, number> | undefined) {
  let t = performance.now();
  return (step: string) => {
    if (!timings) return;
    const now = performance.now();
    timings[step] = (timings[step] ?? 0) + now - t;
    t = now;
  };
}

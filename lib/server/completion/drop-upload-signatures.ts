import "server-only";
import { PDFDict, PDFName, type PDFDocument, type PDFRef } from "pdf-lib";

/** /Type of the dictionaries dropped: signatures and document timestamps (absent is allowed: /Type is optional there). */
const SIGNATURE_TYPES = new Set([undefined, "/Sig", "/DocTimeStamp"]);

/**
 * Removes an upload's own signatures before a completion stamps and seals it:
 * every signature or document-timestamp dictionary (/ByteRange and /Contents,
 * of type Sig or DocTimeStamp or none), the catalog's /Perms, which names such
 * dictionaries (DocMDP, UR3), and its /DSS, their validation data (our seal
 * would otherwise merge it into its own). The stamped pages match none of
 * those signatures any more, and flattening removes the fields that showed
 * them; left in, they would stand in the executed PDFs beside our seal, in
 * plain text since those are saved without object streams (save-options.ts),
 * and a verifier scanning for /ByteRange (ours among them,
 * read-pdf-signatures.ts) would report each as a broken signature of the
 * executed document. The catalog is never removed, whatever keys a damaged
 * file gives it. Answers how many dictionaries it removed.
 */
export function dropUploadSignatures(pdf: PDFDocument): number {
  const catalog = pdf.context.trailerInfo.Root;
  const signatures: PDFRef[] = [];
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || ref === catalog) continue;
    if (!object.has(PDFName.of("ByteRange")) || !object.has(PDFName.of("Contents"))) continue;
    if (SIGNATURE_TYPES.has(object.lookupMaybe(PDFName.of("Type"), PDFName)?.asString())) signatures.push(ref);
  }
  for (const ref of signatures) pdf.context.delete(ref);
  pdf.catalog.delete(PDFName.of("Perms"));
  pdf.catalog.delete(PDFName.of("DSS"));
  return signatures.length;
}

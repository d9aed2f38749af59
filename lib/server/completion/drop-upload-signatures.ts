import "server-only";
import { PDFDict, PDFName, type PDFDocument, type PDFRef } from "pdf-lib";

/**
 * Removes an upload's own signatures before a completion stamps and seals it:
 * every signature or document-timestamp dictionary (a dictionary with a
 * /ByteRange) and the catalog's /Perms, which names such dictionaries
 * (DocMDP, UR3). The stamped pages match none of them any more, and flattening
 * has already removed the fields that showed them; left in, they would stand
 * in the executed PDFs beside our seal, in plain text since those are saved
 * without object streams (save-options.ts), and a verifier scanning for
 * /ByteRange (ours among them, read-pdf-signatures.ts) would report each as a
 * broken signature of the executed document. Answers how many it removed.
 */
export function dropUploadSignatures(pdf: PDFDocument): number {
  const signatures: PDFRef[] = [];
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFDict && object.has(PDFName.of("ByteRange"))) signatures.push(ref);
  }
  for (const ref of signatures) pdf.context.delete(ref);
  pdf.catalog.delete(PDFName.of("Perms"));
  return signatures.length;
}

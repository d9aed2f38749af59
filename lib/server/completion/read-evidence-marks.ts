// Pure pdf-lib code without "server-only": the processing worker (a bundle
// built without the react-server condition) reads the marks of files uploaded
// to /verify, where a hostile PDF must not reach the server's event loop.
import { PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import { parseChainHead, type ChainHead } from "../documents/audit-chain";

/** Document-information keys that evidence-marks.ts writes into every sealed file. */
export const DOCUMENT_ID_KEY = "SigningServiceDocumentId";
export const AUDIT_HEAD_KEY = "SigningServiceAuditChainHead";

export type ReadMarks = { documentId: string | null; auditHead: ChainHead | null };

/** The marks of a file, if it carries them (any file may be uploaded to /verify: nothing here may throw). */
export async function readEvidenceMarks(bytes: Uint8Array): Promise<ReadMarks> {
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: false });
    const info = pdf.context.lookup(pdf.context.trailerInfo.Info);
    if (!(info instanceof PDFDict)) return { documentId: null, auditHead: null };
    const text = (key: string) => {
      const v = info.lookup(PDFName.of(key));
      return v instanceof PDFString ? v.decodeText() : null;
    };
    const documentId = text(DOCUMENT_ID_KEY);
    return { documentId: documentId && /^[A-Za-z0-9_-]{1,64}$/.test(documentId) ? documentId : null, auditHead: parseChainHead(text(AUDIT_HEAD_KEY)) };
  } catch {
    return { documentId: null, auditHead: null };
  }
}

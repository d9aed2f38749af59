import "server-only";
import { PDFDocument, rgb } from "pdf-lib";
import type { ChainHead } from "@/lib/server/documents/audit-chain";
import { drawQrCode } from "./draw-qr";
import { saveForCompletion } from "./save-options";
import { utc, writer, type PageWriter } from "./page-writer";

export { utc } from "./page-writer";

export type CertificateSigner = {
  name: string;
  email: string | null;
  role: string;
  status: string;
  signedAt: Date | null;
  ipAddress: string | null;
  userAgent: string | null;
};

export type CertificateEvent = { time: Date; keyword: string; payload: string; ipAddress: string | null };

export type CertificateInput = {
  document: { id: string; name: string; filename: string; pageCount: number; sentAt: Date | null; executedAt: Date | null };
  sender: { name: string; email: string };
  signers: CertificateSigner[];
  /** Every audit entry, oldest first. */
  events: CertificateEvent[];
  originalSha256: string;
  /** Null while the document is not completed: there is no signed PDF yet. */
  signedPdfSha256: string | null;
  generatedAt: Date;
  /** Who issued the certificate (the service's address). */
  issuer: string;
  /** PAdES level the executed PDFs are sealed at; null or absent before completion. */
  signatureLevel?: string | null;
  /** The audit chain's head as the certificate is made (docs/evidence.md): printed, so the seal covers it. */
  auditHead?: ChainHead | null;
  /** The verification page (`<APP_URL>/verify`): its address for this document is printed and drawn as a QR code. */
  verifyUrl?: string;
  /**
   * Set on the certificate of a document that is not completed (served on
   * request while it is pending, see current-certificate.ts): the label
   * ("Not yet completed") heads every page, the explanation says what is missing.
   */
  unfinished?: { label: string; explanation: string };
};

const GRAY = rgb(0.4, 0.4, 0.45);
const WARNING = rgb(0.7, 0.2, 0.05);

/**
 * The audit trail as a PDF (A4, Noto Sans, as many pages as it takes): the
 * document, the sender, every signer with where they signed from, every
 * audit event, and the SHA-256 of the original and of the signed PDF. Names
 * and values print in their own script (lib/server/pdf-text); a character no
 * font has prints as a visible U+FFFD, so no name can make the job fail.
 * A further labelled value is one `w.pair(label, value)` line.
 */
export async function buildCertificate(input: CertificateInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Signature certificate - ${input.document.name}`);
  pdf.setProducer(input.issuer);
  pdf.setCreationDate(input.generatedAt);
  pdf.setModificationDate(input.generatedAt);
  const w = await writer(pdf);
  const bold = "bold" as const;

  const unfinished = input.unfinished;
  w.line(unfinished ? `Signature certificate - ${unfinished.label}` : "Signature certificate", { font: bold, size: 20, after: 6 });
  w.line(`${unfinished ? "As it stands" : "Issued"} by ${input.issuer} on ${utc(input.generatedAt)}`, { size: 9, color: GRAY, after: 6 });
  if (unfinished) {
    w.line(unfinished.label, { font: bold, size: 12, color: WARNING, after: 2 });
    w.paragraph(unfinished.explanation, { size: 9.5, color: WARNING });
  }
  w.rule();

  const d = input.document;
  w.heading("Document");
  w.pair("Name", d.name);
  w.pair("Document ID", d.id);
  w.pair("File name", d.filename);
  w.pair("Pages", String(d.pageCount));
  w.pair("Sent", utc(d.sentAt));
  w.pair("Executed", utc(d.executedAt));

  w.heading("Sender");
  w.pair("Name", input.sender.name);
  w.pair("E-mail", input.sender.email);

  w.heading("Signers");
  for (const s of input.signers) {
    w.keep(6 * 13 + 20); // a signer's block is not split across pages when avoidable
    w.line(s.name, { font: bold, size: 10.5, after: 2 });
    w.pair("E-mail", s.email ?? "-");
    w.pair("Role", s.role);
    w.pair("Status", s.status);
    w.pair("Signed", utc(s.signedAt));
    w.pair("IP address", s.ipAddress ?? "-");
    w.pair("User agent", s.userAgent ?? "-");
    w.gap(6);
  }

  w.heading("Integrity (SHA-256)");
  w.pair("Original PDF", input.originalSha256);
  w.pair("Signed PDF", input.signedPdfSha256 ?? "not produced yet (the document is not completed)");
  w.pair("Signature level", input.signatureLevel ? `PAdES ${input.signatureLevel}` : "not sealed yet");
  if (input.auditHead) w.pair("Audit chain head", `entry ${input.auditHead.seq}: ${input.auditHead.hash}`);
  w.paragraph(
    "The signed PDF is the digitally signed copy with every value filled in. Anyone can check a copy by computing its SHA-256 " +
      "or by uploading it on the verification page. The signed document followed by this certificate is issued as one more, separately signed, PDF.",
    { size: 8.5, color: GRAY },
  );

  if (input.verifyUrl) verification(w, `${input.verifyUrl}?document=${encodeURIComponent(d.id)}`);

  w.heading("Audit trail");
  for (const e of input.events) w.event(e);

  w.finish(`Signature certificate${unfinished ? ` (${unfinished.label.toLowerCase()})` : ""} - document ${d.id}`);
  return saveForCompletion(pdf);
}

const QR_SIZE = 84;

/** The address that checks this document, as text and as a QR code beside it, for a printed copy. */
function verification(w: PageWriter, address: string) {
  w.heading("Verification");
  w.block(QR_SIZE + 6, (page, left, top) => drawQrCode(page, address, { x: left, y: top - QR_SIZE, size: QR_SIZE }));
  w.paragraph(`Scan the code or visit ${address} to check this document; upload a copy there to verify it and its audit trail.`, { size: 8.5 });
}

import "server-only";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { wrapWords } from "./fit-text";
import { sanitizeText, type CharacterSet } from "./safe-text";

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
  /**
   * Set on the certificate of a document that is not completed (served on
   * request while it is pending, see current-certificate.ts): the label
   * ("Not yet completed") heads every page, the explanation says what is missing.
   */
  unfinished?: { label: string; explanation: string };
};

// A4 in points.
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 50;
const FOOTER = 36;
const LABEL_W = 110;
const TIME_W = 118;
const GRAY = rgb(0.4, 0.4, 0.45);
const BLACK = rgb(0.07, 0.09, 0.15);
const WARNING = rgb(0.7, 0.2, 0.05);

/** "2025-03-01 14:05:09 UTC": UTC only, so the certificate reads the same everywhere. */
export const utc = (d: Date | null) => (d ? `${d.toISOString().slice(0, 19).replace("T", " ")} UTC` : "-");

/**
 * The audit trail as a PDF (A4, Helvetica, as many pages as it takes): the
 * document, the sender, every signer with where they signed from, every
 * audit event, and the SHA-256 of the original and of the signed PDF. All
 * text goes through sanitizeText, so no name can make the job fail.
 */
export async function buildCertificate(input: CertificateInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Signature certificate - ${input.document.name}`);
  pdf.setProducer(input.issuer);
  pdf.setCreationDate(input.generatedAt);
  pdf.setModificationDate(input.generatedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const w = writer(pdf, regular, new Set(regular.getCharacterSet()));

  const unfinished = input.unfinished;
  w.line(unfinished ? `Signature certificate - ${unfinished.label}` : "Signature certificate", { font: bold, size: 20, after: 6 });
  w.line(`${unfinished ? "As it stands" : "Issued"} by ${input.issuer} on ${utc(input.generatedAt)}`, { size: 9, color: GRAY, after: 6 });
  if (unfinished) {
    w.line(unfinished.label, { font: bold, size: 12, color: WARNING, after: 2 });
    w.paragraph(unfinished.explanation, { size: 9.5, color: WARNING });
  }
  w.rule();

  const d = input.document;
  w.heading("Document", bold);
  w.pair("Name", d.name);
  w.pair("Document ID", d.id);
  w.pair("File name", d.filename);
  w.pair("Pages", String(d.pageCount));
  w.pair("Sent", utc(d.sentAt));
  w.pair("Executed", utc(d.executedAt));

  w.heading("Sender", bold);
  w.pair("Name", input.sender.name);
  w.pair("E-mail", input.sender.email);

  w.heading("Signers", bold);
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

  w.heading("Integrity (SHA-256)", bold);
  w.pair("Original PDF", input.originalSha256);
  w.pair("Signed PDF", input.signedPdfSha256 ?? "not produced yet (the document is not completed)");
  w.paragraph(
    "The signed PDF is the digitally signed copy with every value filled in. Anyone can check a copy by computing its SHA-256 " +
      "or by uploading it on the verification page. The signed document followed by this certificate is issued as one more, separately signed, PDF.",
    { size: 8.5, color: GRAY },
  );

  w.heading("Audit trail", bold);
  for (const e of input.events) w.event(e, bold);

  w.finish(`Signature certificate${unfinished ? ` (${unfinished.label.toLowerCase()})` : ""} - document ${d.id}`);
  return pdf.save();
}

type LineOpts = { font?: PDFFont; size?: number; color?: RGB; x?: number; after?: number };

/** A top-to-bottom text cursor that starts a new page when the next block would not fit. */
function writer(pdf: PDFDocument, regular: PDFFont, charset: CharacterSet) {
  let page: PDFPage = pdf.addPage([PAGE_W, PAGE_H]);
  let y = PAGE_H - MARGIN;
  const clean = (s: string) => sanitizeText(s, charset);
  const wrap = (s: string, font: PDFFont, size: number, width: number) =>
    wrapWords(clean(s).replace(/\s+/g, " ").trim(), (t, sz) => font.widthOfTextAtSize(t, sz), size, width);

  const keep = (height: number) => {
    if (y - height >= MARGIN + FOOTER) return;
    page = pdf.addPage([PAGE_W, PAGE_H]);
    y = PAGE_H - MARGIN;
  };
  const draw = (text: string, x: number, size: number, font: PDFFont, color: RGB) =>
    page.drawText(text, { x, y: y - size, size, font, color });

  const api = {
    keep,
    gap: (h: number) => void (y -= h),
    line(text: string, o: LineOpts = {}) {
      const size = o.size ?? 10;
      keep(size * 1.3);
      draw(clean(text), o.x ?? MARGIN, size, o.font ?? regular, o.color ?? BLACK);
      y -= size * 1.3 + (o.after ?? 0);
    },
    paragraph(text: string, o: LineOpts = {}) {
      const size = o.size ?? 10;
      for (const l of wrap(text, o.font ?? regular, size, PAGE_W - 2 * MARGIN)) api.line(l, { ...o, after: 0 });
      y -= o.after ?? 4;
    },
    rule() {
      page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_W - MARGIN, y }, thickness: 0.75, color: GRAY });
      y -= 8;
    },
    heading(text: string, font: PDFFont) {
      keep(14 * 1.3 + 8 + 3 * 13); // a heading never ends a page on its own
      y -= 8;
      api.line(text, { font, size: 13, after: 3 });
    },
    /** Label on the left, value wrapped in the column to its right. */
    pair(label: string, value: string) {
      const size = 9.5;
      const lines = wrap(value || "-", regular, size, PAGE_W - 2 * MARGIN - LABEL_W);
      keep(lines.length * size * 1.3);
      draw(clean(label), MARGIN, size, regular, GRAY);
      for (const l of lines) {
        keep(size * 1.3);
        draw(l, MARGIN + LABEL_W, size, regular, BLACK);
        y -= size * 1.3;
      }
    },
    /** One audit entry: time in the left column; keyword, IP and the wrapped payload beside it. */
    event(e: CertificateEvent, bold: PDFFont) {
      const size = 9;
      const width = PAGE_W - 2 * MARGIN - TIME_W;
      const head = `${e.keyword}${e.ipAddress ? `  -  IP ${e.ipAddress}` : ""}`;
      const lines = wrap(e.payload, regular, size, width);
      keep((lines.length + 1) * size * 1.3 + 5);
      draw(utc(e.time), MARGIN, size, regular, GRAY);
      draw(clean(head), MARGIN + TIME_W, size, bold, BLACK);
      y -= size * 1.3;
      for (const l of lines) {
        keep(size * 1.3);
        draw(l, MARGIN + TIME_W, size, regular, BLACK);
        y -= size * 1.3;
      }
      y -= 5;
    },
    /** Footer with page numbers, written once the number of pages is known. */
    finish(label: string) {
      const pages = pdf.getPages();
      pages.forEach((p, i) => {
        const text = clean(`${label}  |  Page ${i + 1} of ${pages.length}`);
        p.drawText(text, { x: MARGIN, y: MARGIN - 10, size: 8, font: regular, color: GRAY });
      });
    },
  };
  return api;
}

import "server-only";
import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts, degrees, drawText, popGraphicsState, pushGraphicsState, rgb, type PDFRef } from "pdf-lib";
import { formatChainHead, type ChainHead } from "@/lib/server/documents/audit-chain";
import { AUDIT_HEAD_KEY, DOCUMENT_ID_KEY } from "./read-evidence-marks";
import { localToUser, placeBox } from "./page-geometry";
import { readPageView } from "./stamp-fields";

// What ties a sealed file (or a printed copy of it) back to its proof:
// - a footer on every page: the document id and the verification address, so
//   someone holding paper knows where to check it;
// - two document-information entries, covered by the PDF signature: the
//   document id, and the head of its audit chain at the moment of sealing
//   (audit-chain.ts), which /verify compares with the stored trail
//   (read back by read-evidence-marks.ts).


const FOOTER_SIZE = 6;
const FOOTER_STRIP = 12; // points at the bottom of the displayed page
const GREY = rgb(0.45, 0.45, 0.5);

export type EvidenceMarks = { documentId: string; verifyUrl: string; auditHead: ChainHead | null };

/** The marks of a document's sealed files: its id, the verification page, and its audit chain's head now. */
export function evidenceMarksOf(documentId: string, trail: readonly { seq: number | null; hash: string | null }[], appUrl: string): EvidenceMarks {
  const chained = trail.filter((a) => a.seq !== null && a.hash !== null).sort((a, b) => a.seq! - b.seq!);
  const last = chained.at(-1);
  return { documentId, verifyUrl: `${appUrl}/verify`, auditHead: last ? { seq: last.seq!, hash: last.hash! } : null };
}

export const footerText = (m: Pick<EvidenceMarks, "documentId" | "verifyUrl">) => `Document ${m.documentId} - verify this copy at ${m.verifyUrl}`;

/** Writes the document-information entries, and (with `footer`) the footer on every page. */
export async function addEvidenceMarks(bytes: Uint8Array, marks: EvidenceMarks, opts: { footer: boolean }): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  await addEvidenceMarksIn(pdf, marks, opts);
  return pdf.save();
}

/** addEvidenceMarks on a loaded document, which the caller saves. */
export async function addEvidenceMarksIn(pdf: PDFDocument, marks: EvidenceMarks, opts: { footer: boolean }): Promise<void> {
  if (opts.footer) {
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const text = footerText(marks);
    const encoded = font.encodeText(text);
    // Pages of the same size and turn share one footer stream (a document's pages mostly do): one
    // stream to write and compress instead of one per page (~6–9 ms of stamping a 20-page document).
    const streams = new Map<string, PDFRef>();
    const fontName = unusedFontName(pdf, "EvidenceFooter");
    for (const page of pdf.getPages()) {
      const view = readPageView(page);
      if (view.height < FOOTER_STRIP * 4 || view.width < 100) continue; // a label-sized page has no room for it
      const where = placeBox(view, { x: 0, y: 1 - FOOTER_STRIP / view.height, width: 1, height: FOOTER_STRIP / view.height });
      const size = Math.min(FOOTER_SIZE, (FOOTER_SIZE * (where.width - 16)) / font.widthOfTextAtSize(text, FOOTER_SIZE));
      const width = font.widthOfTextAtSize(text, size);
      const at = localToUser(where, (where.width - width) / 2, (FOOTER_STRIP - size) / 2);
      const key = `${at.x} ${at.y} ${size} ${where.rotation}`;
      let ref = streams.get(key);
      if (!ref) {
        const ops = drawText(encoded, { x: at.x, y: at.y, size, font: fontName, color: GREY, rotate: degrees(where.rotation), xSkew: degrees(0), ySkew: degrees(0) });
        streams.set(key, (ref = pdf.context.register(pdf.context.contentStream([pushGraphicsState(), ...ops, popGraphicsState()]))));
      }
      // Drawn after everything on the page: before adding a stream pdf-lib wraps the page's own content in q … Q.
      page.node.setFontDictionary(fontName, font.ref);
      page.node.addContentStream(ref);
    }
  }
  const info = infoDictOf(pdf);
  info.set(PDFName.of(DOCUMENT_ID_KEY), PDFString.of(marks.documentId));
  if (marks.auditHead) info.set(PDFName.of(AUDIT_HEAD_KEY), PDFString.of(formatChainHead(marks.auditHead)));
}

/**
 * A font resource name no page uses yet: the footer's font has one name on
 * every page, so pages can share its stream, and must not replace a font of
 * the upload's (pages often share one resources dictionary).
 */
function unusedFontName(pdf: PDFDocument, base: string): PDFName {
  const used = new Set<string>();
  for (const page of pdf.getPages()) {
    const fonts = page.node.normalizedEntries().Font;
    for (const key of fonts.keys()) used.add(key.decodeText());
  }
  let name = base;
  for (let i = 1; used.has(name); i++) name = `${base}${i}`;
  return PDFName.of(name);
}

function infoDictOf(pdf: PDFDocument): PDFDict {
  const existing = pdf.context.lookup(pdf.context.trailerInfo.Info);
  if (existing instanceof PDFDict) return existing;
  const dict = pdf.context.obj({});
  pdf.context.trailerInfo.Info = pdf.context.register(dict);
  return dict;
}

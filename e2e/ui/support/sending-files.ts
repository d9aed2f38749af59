// Files the sending UI tests upload, made in the test: PDFs with text tags
// (pdf-lib), and a text file that only pretends to be a PDF.
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** A one-page PDF; each tag is written as text, e.g. `[[signature|Signer 1]]` (spec: text tags name a role). */
export async function taggedPdf(name: string, tags: string[]): Promise<UploadFile> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText("Dashboard upload test", { x: 72, y: 720, size: 20, font, color: rgb(0, 0, 0) });
  page.drawText("Please sign below.", { x: 72, y: 690, size: 12, font });
  tags.forEach((tag, i) => page.drawText(tag, { x: 72, y: 200 - i * 40, size: 12, font }));
  return { name, mimeType: "application/pdf", buffer: Buffer.from(await doc.save()) };
}

/** Plain text under a .pdf name: the browser calls it application/pdf, its content says otherwise. */
export const fakePdf = (name = "notes.pdf"): UploadFile => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("These are meeting notes, not a PDF.\n"),
});

export const textFile = (name = "notes.txt"): UploadFile => ({ name, mimeType: "text/plain", buffer: Buffer.from("Just text.\n") });

import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { CompletionData } from "@/lib/server/completion/load-completion-data";
import type { Storage } from "@/lib/server/storage/storage";

/**
 * The yardstick: pdf-lib loading the original, drawing the same 10 answers
 * (the signature and initials images, the texts, a tick for each checkbox)
 * at their boxes, and saving — in this process, nothing else: no form
 * flattening, no footer, no seal, no certificate, no page images.
 */
export async function stampWithPdfLibOnly(original: Uint8Array, data: CompletionData, storage: Storage): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = pdf.getPages();
  const answers = new Map(data.values.map((v) => [v.fieldId, v.value]));
  for (const f of data.doc.fields) {
    const value = answers.get(f.id)!;
    const page = pages[f.page - 1]!;
    const { width: W, height: H } = page.getSize();
    const box = { x: f.x * W, y: H - (f.y + f.height) * H, width: f.width * W, height: f.height * H };
    if (value.startsWith("storage:")) {
      const image = await pdf.embedPng((await storage.get(value.slice(8)))!.data);
      page.drawImage(image, box);
    } else if (f.type === "checkbox") {
      page.drawText("X", { x: box.x, y: box.y, size: box.height, font, color: rgb(0, 0, 0.4) });
    } else {
      page.drawText(value, { x: box.x + 2, y: box.y + 2, size: Math.min(12, box.height - 2), font, color: rgb(0, 0, 0.4) });
    }
  }
  return pdf.save();
}

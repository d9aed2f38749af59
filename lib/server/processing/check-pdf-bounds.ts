// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import zlib from "node:zlib";
import { PDFArray, PDFName, PDFNumber, PDFRawStream, type PDFDocument, type PDFDict } from "pdf-lib";
import { MAX_IMAGE_PIXELS, MAX_INFLATED_BYTES, ProcessingError } from "./processing-error";

/**
 * Refuses a PDF whose declared sizes would make pdf.js allocate without
 * bound, before pdf.js sees it. pdf-lib has parsed the file without inflating
 * its streams, so this costs little:
 *
 * - an image XObject declaring more than MAX_IMAGE_PIXELS (a 30000 × 30000
 *   grey image of zeros compresses to under 1 MB and decodes to 900 MB);
 * - Flate streams other than images (page content, fonts…) that inflate to
 *   more than MAX_INFLATED_BYTES together. They are inflated here natively and
 *   counted, never kept, so the check holds a few KB whatever the ratio.
 *   Images are left out: pdf.js reads only width × height of them, which the
 *   first check bounds.
 *
 * Other filters (LZW, RunLength) and inline images are bounded by the
 * worker's memory and time limits instead (run-in-worker.ts).
 */
export async function checkPdfBounds(doc: PDFDocument): Promise<void> {
  let inflated = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    if (dict.get(PDFName.of("Subtype")) === PDFName.of("Image")) {
      const width = numberIn(dict, "Width");
      const height = numberIn(dict, "Height");
      if (width * height > MAX_IMAGE_PIXELS) throw ProcessingError.pdfImageTooLarge(width, height);
      continue;
    }
    if (!firstFilterIsFlate(dict)) continue;
    inflated += await inflatedSize(object.contents, MAX_INFLATED_BYTES - inflated);
    if (inflated > MAX_INFLATED_BYTES) throw ProcessingError.inflatesTooMuch();
  }
}

function numberIn(dict: PDFDict, key: string): number {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? Math.max(0, Math.floor(value.asNumber())) : 0;
}

function firstFilterIsFlate(dict: PDFDict): boolean {
  const filter = dict.lookup(PDFName.of("Filter"));
  const first = filter instanceof PDFArray ? filter.lookup(0) : filter;
  return first === PDFName.of("FlateDecode") || first === PDFName.of("Fl");
}

/**
 * How many bytes a Flate stream inflates to, counted up to `budget` + 1
 * (then inflating stops). A damaged stream counts what inflated before the
 * damage: pdf.js reads that much of it too.
 */
function inflatedSize(compressed: Uint8Array, budget: number): Promise<number> {
  return new Promise((resolve) => {
    let size = 0;
    let done = false;
    const inflate = zlib.createInflate({ chunkSize: 64 * 1024 });
    const finish = () => {
      if (done) return;
      done = true;
      inflate.destroy();
      resolve(size);
    };
    inflate.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) finish();
    });
    inflate.on("end", finish);
    inflate.on("error", finish);
    inflate.on("close", finish);
    inflate.end(Buffer.from(compressed.buffer, compressed.byteOffset, compressed.byteLength));
  });
}

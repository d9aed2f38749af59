import "server-only";
import zlib from "node:zlib";
import { PDFContentStream, PDFName, type PDFDocument } from "pdf-lib";

/**
 * How a completion saves its PDFs: without object streams. pdf-lib packs
 * objects into streams it compresses with pako (JavaScript), and
 * @libpdf/core, which seals the file next, inflates them again to reach the
 * pages; written plainly, neither happens (bench/completion: ~5 % of a
 * completion). The files grow by the objects' uncompressed dictionaries, a
 * few KB; page contents, fonts and images stay compressed.
 */
const COMPLETION_SAVE = { useObjectStreams: false } as const;

/**
 * Saves a completion's PDF (COMPLETION_SAVE) with its page content streams
 * (the stamped answers, footers, marks, the certificate's text) deflated by
 * Node's zlib instead of pdf-lib's pako: the same /FlateDecode bytes' worth,
 * ~5× faster; pako was ~10 % of a completion (bench/completion, CPU profile).
 * pdf-lib compresses a content stream through a cache on the stream; only
 * that cache's fill function changes. As with pdf-lib's own deflate, a stream
 * is compressed once: pdf-lib does not empty that cache when more is drawn
 * into a stream, so nothing may be drawn into a saved page's stream before a
 * later save (the merged PDF only appends the certificate's pages, whose
 * streams come in already compressed, and changes the Info dictionary).
 * Should pdf-lib's private cache ever change shape, its own deflate stays in
 * use.
 */
export async function saveForCompletion(pdf: PDFDocument): Promise<Uint8Array> {
  const flate = PDFName.of("FlateDecode");
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (object instanceof PDFContentStream && object.dict.get(PDFName.of("Filter")) === flate) deflateWithZlib(object);
  }
  return pdf.save(COMPLETION_SAVE);
}

function deflateWithZlib(stream: PDFContentStream) {
  const cache = (stream as unknown as { contentsCache?: { populate?: unknown } }).contentsCache;
  if (!cache || typeof cache.populate !== "function") return;
  cache.populate = () => zlib.deflateSync(stream.getUnencodedContents());
}

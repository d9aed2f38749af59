import "server-only";
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFPage } from "pdf-lib";

/**
 * A new PDF made of the pages of each part, in order. Copied pages keep
 * their annotations, except signature widgets: the signed PDF's digital
 * signature covers that file's bytes only, and a widget copied without its
 * form field would show up as a broken or orphaned signature in viewers.
 * The merged file gets its own signature afterwards.
 */
export async function mergePdfs(parts: (Uint8Array | PDFDocument)[], meta: { title: string; producer: string; at: Date }): Promise<Uint8Array> {
  return (await mergePdfsIn(parts, meta)).save();
}

/**
 * mergePdfs, unsaved (the caller adds to it first). A part may be a document
 * already loaded: it is changed (its signature widgets dropped).
 */
async function mergePdfsIn(parts: (Uint8Array | PDFDocument)[], meta: { title: string; producer: string; at: Date }): Promise<PDFDocument> {
  const out = await PDFDocument.create();
  out.setTitle(meta.title);
  out.setProducer(meta.producer);
  out.setCreationDate(meta.at);
  out.setModificationDate(meta.at);
  for (const part of parts) {
    const src = part instanceof PDFDocument ? part : await PDFDocument.load(part, { updateMetadata: false });
    // Dropped from the source before copying, so the old signature's objects are never copied at all.
    for (const page of src.getPages()) dropSignatureWidgets(page);
    const pages = await out.copyPages(src, src.getPageIndices());
    for (const page of pages) out.addPage(page);
  }
  return out;
}

/**
 * `base` (changed in place) with the pages of `extra` appended and the
 * merged file's title, producer and dates. Signature widgets leave the
 * appended pages, as in mergePdfsIn; `base` keeps its own catalog (outline,
 * structure tree, metadata). Faster than mergePdfsIn for a large base: its
 * pages are not copied, and its new content streams are not compressed again.
 */
export async function appendPdfIn(base: PDFDocument, extra: Uint8Array, meta: { title: string; producer: string; at: Date }): Promise<PDFDocument> {
  const src = await PDFDocument.load(extra, { updateMetadata: false });
  for (const page of src.getPages()) dropSignatureWidgets(page);
  for (const page of await base.copyPages(src, src.getPageIndices())) base.addPage(page);
  base.setTitle(meta.title);
  base.setProducer(meta.producer);
  base.setCreationDate(meta.at);
  base.setModificationDate(meta.at);
  return base;
}

function dropSignatureWidgets(page: PDFPage) {
  const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
  if (!annots) return;
  const context = page.doc.context;
  for (let i = annots.size() - 1; i >= 0; i--) {
    const annot = context.lookupMaybe(annots.get(i), PDFDict);
    if (annot && isSignatureField(annot)) annots.remove(i);
  }
}

/** A widget whose field (itself, when merged, or its /Parent) has /FT /Sig. */
function isSignatureField(annot: PDFDict): boolean {
  if (annot.get(PDFName.of("Subtype")) !== PDFName.of("Widget")) return false;
  for (let node: PDFDict | undefined = annot, depth = 0; node && depth < 10; depth++) {
    if (node.get(PDFName.of("FT")) === PDFName.of("Sig")) return true;
    node = node.lookupMaybe(PDFName.of("Parent"), PDFDict);
  }
  return false;
}

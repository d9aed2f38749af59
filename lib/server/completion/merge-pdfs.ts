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
 * What the merged file keeps of the base document's catalog: its pages and
 * how to find one's way in them (bookmarks, named destinations, page labels,
 * language, viewer settings). Nothing that acts or claims (scripts, open and
 * page actions, attachments, an earlier certification's /Perms or /DSS, XMP
 * metadata naming the upload, a structure tree the certificate's pages would
 * be missing from): a file made by mergePdfsIn had none of that either.
 */
const KEPT_CATALOG_KEYS = new Set(["Type", "Pages", "Outlines", "Dests", "PageLabels", "Lang", "ViewerPreferences", "PageLayout", "PageMode"]);

/**
 * `base` (changed in place) with the pages of `extra` appended and the
 * merged file's title, producer and dates. Signature widgets leave the
 * appended pages, as in mergePdfsIn; of `base`'s catalog only what helps a
 * reader find their way stays (KEPT_CATALOG_KEYS, and the named destinations
 * of /Names). Faster than mergePdfsIn for a large base: its pages are not
 * copied, and its new content streams are not compressed again.
 */
export async function appendPdfIn(base: PDFDocument, extra: Uint8Array, meta: { title: string; producer: string; at: Date }): Promise<PDFDocument> {
  const src = await PDFDocument.load(extra, { updateMetadata: false });
  for (const page of src.getPages()) dropSignatureWidgets(page);
  for (const page of await base.copyPages(src, src.getPageIndices())) base.addPage(page);
  keepNavigationOnly(base);
  base.setTitle(meta.title);
  base.setProducer(meta.producer);
  base.setCreationDate(meta.at);
  base.setModificationDate(meta.at);
  return base;
}

function keepNavigationOnly(pdf: PDFDocument) {
  const catalog = pdf.catalog;
  const names = catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  const dests = names?.get(PDFName.of("Dests"));
  for (const key of catalog.keys()) {
    if (!KEPT_CATALOG_KEYS.has(key.decodeText())) catalog.delete(key);
  }
  // Bookmarks may lead to named destinations: /Names keeps its /Dests tree alone (no /JavaScript, no /EmbeddedFiles).
  if (dests) catalog.set(PDFName.of("Names"), pdf.context.obj({ Dests: dests }));
  const outlines = catalog.lookupMaybe(PDFName.of("Outlines"), PDFDict);
  if (outlines) goToBookmarksOnly(outlines);
}

// Upper bound of bookmarks visited: far more than any document has, less than a crafted cycle would cost.
const MAX_BOOKMARKS = 100_000;

/** Bookmarks keep their destination; an action other than going to a page (a script, a launch, a link out) goes. */
function goToBookmarksOnly(outlines: PDFDict) {
  const seen = new Set<PDFDict>();
  const stack: PDFDict[] = [];
  const first = outlines.lookupMaybe(PDFName.of("First"), PDFDict);
  if (first) stack.push(first);
  while (stack.length && seen.size < MAX_BOOKMARKS) {
    const item = stack.pop()!;
    if (seen.has(item)) continue;
    seen.add(item);
    const action = item.lookupMaybe(PDFName.of("A"), PDFDict);
    if (action && action.get(PDFName.of("S")) !== PDFName.of("GoTo")) item.delete(PDFName.of("A"));
    for (const link of ["Next", "First"]) {
      const next = item.lookupMaybe(PDFName.of(link), PDFDict);
      if (next) stack.push(next);
    }
  }
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

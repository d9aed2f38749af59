// Pure pdf-lib code without "server-only": the processing worker
// (lib/server/processing/processing-worker.ts) flattens uploads with it too.
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFStream,
  PDFString,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  type PDFFont,
  type PDFObject,
  type PDFPage,
} from "pdf-lib";

/**
 * Makes an uploaded form non-interactive (docs/text-tags.md "Fillable PDFs"):
 * every widget annotation's current look is drawn into its page as a form
 * XObject, then the widgets leave the pages and the /AcroForm (with any XFA)
 * leaves the catalog, so no viewer offers the fields for editing and the
 * values our signers entered (stamped afterwards) are the only answers.
 *
 * Called at completion on the stored original before the values are stamped
 * (produce-files.ts). Uploads processed since fillable PDFs are imported
 * have no form left (process-upload flattens them), so this returns the
 * bytes unchanged for them; it matters for originals stored earlier and for
 * PDFs that reach a template without processing.
 */
export async function flattenForm(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return flattenFormIn(doc) ? doc.save() : bytes;
}

export type FlattenOptions = {
  /**
   * Widgets drawn in their "Off" state whatever their /AS says: the
   * checkboxes and radio buttons that became our fields, whose empty box
   * stays printed and receives our check mark.
   */
  drawOff?: ReadonlySet<PDFDict>;
};

// Annotation flags (PDF 32000-1 12.5.3): Hidden and NoView are not drawn.
const HIDDEN = 1 << 1;
const NO_VIEW = 1 << 5;
// Upper bound of form nodes walked to delete them: ~the worst a 25 MB file can declare.
const MAX_NODES = 2_000_000;

/**
 * flattenForm on a loaded document; answers whether anything changed. Work
 * is linear in the number of annotations and form nodes (each visited once,
 * cycles included).
 */
export function flattenFormIn(doc: PDFDocument, opts: FlattenOptions = {}): boolean {
  const { context } = doc;
  const dead = new Set<PDFRef>();
  let changed = false;

  for (const page of doc.getPages()) {
    const annots = lookupAs(page.node, "Annots", PDFArray);
    if (!annots) continue;
    const keep: PDFObject[] = [];
    for (let i = 0; i < annots.size(); i++) {
      const raw = annots.get(i);
      const annot = context.lookup(raw);
      if (annot instanceof PDFDict && annot.get(PDFName.of("Subtype")) === PDFName.of("Widget")) {
        drawWidget(page, annot, opts.drawOff?.has(annot) ?? false);
        if (raw instanceof PDFRef) dead.add(raw);
      } else {
        keep.push(raw);
      }
    }
    if (keep.length !== annots.size()) {
      changed = true;
      if (keep.length) page.node.set(PDFName.of("Annots"), context.obj(keep));
      else page.node.delete(PDFName.of("Annots"));
    }
  }

  const acroForm = lookupAs(doc.catalog, "AcroForm", PDFDict);
  if (acroForm || doc.catalog.has(PDFName.of("AcroForm"))) {
    changed = true;
    const fields = acroForm && lookupAs(acroForm, "Fields", PDFArray);
    if (fields) collectFieldRefs(doc, fields, dead);
    const formRef = doc.catalog.get(PDFName.of("AcroForm"));
    if (formRef instanceof PDFRef) dead.add(formRef);
    doc.catalog.delete(PDFName.of("AcroForm"));
  }
  if (doc.catalog.has(PDFName.of("NeedsRendering"))) {
    doc.catalog.delete(PDFName.of("NeedsRendering"));
    changed = true;
  }
  // The field and widget dictionaries would otherwise still be written (pdf-lib saves every object).
  for (const ref of dead) context.delete(ref);
  return changed;
}

/** The refs of every field and widget under /Fields (appearance streams are not touched). */
function collectFieldRefs(doc: PDFDocument, fields: PDFArray, into: Set<PDFRef>) {
  const seen = new Set<PDFDict>();
  const stack: PDFObject[] = fields.asArray();
  while (stack.length && seen.size < MAX_NODES) {
    const raw = stack.pop()!;
    const node = doc.context.lookup(raw);
    if (!(node instanceof PDFDict) || seen.has(node)) continue;
    seen.add(node);
    if (raw instanceof PDFRef) into.add(raw);
    const kids = lookupAs(node, "Kids", PDFArray);
    if (kids) stack.push(...kids.asArray());
  }
}

/** Draws a widget's normal appearance into its page where the viewer showed it (PDF 32000-1 12.5.5). */
function drawWidget(page: PDFPage, widget: PDFDict, off: boolean) {
  const flags = numberIn(widget, "F") ?? 0;
  if (flags & (HIDDEN | NO_VIEW)) return;
  const rect = rectIn(widget, "Rect");
  if (!rect) return;
  const ref = normalAppearance(widget, off);
  const stream = ref && page.doc.context.lookup(ref);
  if (!ref || !(stream instanceof PDFStream)) {
    if (!off) drawValueWithoutAppearance(page, widget, rect);
    return;
  }
  const bbox = rectIn(stream.dict, "BBox");
  if (!bbox) return;
  const [a, b, c, d, e, f] = (numbersIn(stream.dict, "Matrix", 6) ?? [1, 0, 0, 1, 0, 0]) as [number, number, number, number, number, number];

  // The appearance's box after its own /Matrix, then the map of that box onto /Rect.
  const corners = [
    [bbox[0], bbox[1]],
    [bbox[2], bbox[1]],
    [bbox[0], bbox[3]],
    [bbox[2], bbox[3]],
  ].map(([x, y]) => [a * x! + c * y! + e, b * x! + d * y! + f] as const);
  const tx0 = Math.min(...corners.map((c) => c[0]));
  const ty0 = Math.min(...corners.map((c) => c[1]));
  const tx1 = Math.max(...corners.map((c) => c[0]));
  const ty1 = Math.max(...corners.map((c) => c[1]));
  if (!(tx1 - tx0 > 0) || !(ty1 - ty0 > 0)) return;
  const sx = (rect[2] - rect[0]) / (tx1 - tx0);
  const sy = (rect[3] - rect[1]) / (ty1 - ty0);
  if (!Number.isFinite(sx) || !Number.isFinite(sy)) return;

  // Viewers treat an appearance stream as a form XObject even without its /Subtype; Do needs it.
  if (!stream.dict.has(PDFName.of("Subtype"))) stream.dict.set(PDFName.of("Subtype"), PDFName.of("Form"));
  const name = page.node.newXObject("FlatWidget", ref); // also wraps the page's own content in q/Q
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(sx, 0, 0, sy, rect[0] - tx0 * sx, rect[1] - ty0 * sy),
    drawObject(name),
    popGraphicsState(),
  );
}

/**
 * A filled-in field without an appearance of its own (a form saved with
 * /NeedAppearances, which leaves drawing to the viewer): its value is drawn
 * plainly instead of vanishing — a text in Helvetica, left-aligned and
 * vertically centred in the box (shrunk to fit its width), or a check mark
 * for a ticked box.
 */
function drawValueWithoutAppearance(page: PDFPage, widget: PDFDict, [x0, y0, x1, y1]: [number, number, number, number]) {
  const field = inheritedField(widget);
  const w = x1 - x0;
  const h = y1 - y0;
  if (!(w > 1 && h > 1)) return;
  if (field.type === "Btn") {
    const v = field.value;
    if (!(v instanceof PDFName) || v === PDFName.of("Off")) return;
    const as = widget.lookup(PDFName.of("AS"));
    if (as instanceof PDFName && as !== v) return; // another option of a radio group
    const side = Math.min(w, h) * 0.8;
    const zapf = fontOf(page.doc, StandardFonts.ZapfDingbats);
    page.drawText("\u2714", { x: x0 + (w - side) / 2, y: y0 + (h - side) / 2 + side * 0.1, size: side, font: zapf, color: rgb(0, 0, 0) });
    return;
  }
  if (field.type !== "Tx" && field.type !== "Ch") return;
  const raw = field.value instanceof PDFArray ? field.value.asArray().map((o) => textIn(page.doc.context.lookup(o))).join(", ") : textIn(field.value);
  const font = fontOf(page.doc, StandardFonts.Helvetica);
  const charset = new Set(font.getCharacterSet());
  const text = [...(raw ?? "").replace(/\s+/g, " ").trim()].map((c) => (charset.has(c.codePointAt(0)!) ? c : "?")).join("");
  if (!text) return;
  const da = field.da ? /(\d+(?:\.\d+)?)\s+Tf\b/.exec(field.da) : null;
  let size = Math.min(da && Number(da[1]) > 0 ? Number(da[1]) : 12, h * 0.75);
  const width = font.widthOfTextAtSize(text, size);
  if (width > w - 4) size = Math.max(4, (size * (w - 4)) / width);
  page.drawText(text, { x: x0 + 2, y: y0 + (h - size * 0.7) / 2, size, font, color: rgb(0, 0, 0) });
}

// One embedding of each standard font per document, however many widgets need it.
const fonts = new WeakMap<PDFDocument, Map<StandardFonts, PDFFont>>();
function fontOf(doc: PDFDocument, name: StandardFonts): PDFFont {
  let map = fonts.get(doc);
  if (!map) fonts.set(doc, (map = new Map()));
  let font = map.get(name);
  if (!font) map.set(name, (font = doc.embedStandardFont(name)));
  return font;
}

/** /FT, /V and /DA of a widget's field, looked up through /Parent as the form inherits them. */
function inheritedField(widget: PDFDict): { type?: string; value?: PDFObject; da?: string } {
  const out: { type?: string; value?: PDFObject; da?: string } = {};
  let node: PDFDict | undefined = widget;
  for (let depth = 0; node && depth < 32; depth++) {
    const ft = node.lookup(PDFName.of("FT"));
    if (out.type === undefined && ft instanceof PDFName) out.type = ft.decodeText();
    if (out.value === undefined && node.has(PDFName.of("V"))) out.value = node.lookup(PDFName.of("V"));
    if (out.da === undefined) out.da = textIn(node.lookup(PDFName.of("DA")));
    node = lookupAs(node, "Parent", PDFDict);
  }
  return out;
}

function textIn(o: PDFObject | undefined): string | undefined {
  return o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined;
}

/** /AP /N: the stream, or for a button the stream of its state (/AS, or Off when asked). */
function normalAppearance(widget: PDFDict, off: boolean): PDFRef | undefined {
  const ap = lookupAs(widget, "AP", PDFDict);
  if (!ap) return undefined;
  const n = ap.get(PDFName.of("N"));
  const resolved = widget.context.lookup(n);
  if (resolved instanceof PDFStream) return n instanceof PDFRef ? n : undefined;
  if (!(resolved instanceof PDFDict)) return undefined;
  const as = widget.lookup(PDFName.of("AS"));
  const state = off ? PDFName.of("Off") : as instanceof PDFName ? as : undefined;
  if (!state) return undefined;
  const ref = resolved.get(state);
  return ref instanceof PDFRef ? ref : undefined;
}

function numberIn(dict: PDFDict, key: string): number | undefined {
  const v = dict.lookup(PDFName.of(key));
  return v instanceof PDFNumber ? v.asNumber() : undefined;
}

function numbersIn(dict: PDFDict, key: string, count: number): number[] | undefined {
  const arr = lookupAs(dict, key, PDFArray);
  if (!arr || arr.size() !== count) return undefined;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const v = arr.lookup(i);
    if (!(v instanceof PDFNumber) || !Number.isFinite(v.asNumber())) return undefined;
    out.push(v.asNumber());
  }
  return out;
}

/**
 * dict[key] resolved, when it is of the given type; undefined otherwise
 * (pdf-lib's lookupMaybe throws on a wrong type, which a damaged form has).
 */
export function lookupAs(dict: PDFDict, key: string, type: typeof PDFArray): PDFArray | undefined;
export function lookupAs(dict: PDFDict, key: string, type: typeof PDFDict): PDFDict | undefined;
export function lookupAs(dict: PDFDict, key: string, type: typeof PDFArray | typeof PDFDict): PDFArray | PDFDict | undefined {
  const v = dict.context.lookup(dict.get(PDFName.of(key)));
  return v instanceof type ? v : undefined;
}

/** A rectangle as [left, bottom, right, top] whatever order its corners were given in. */
export function rectIn(dict: PDFDict, key: string): [number, number, number, number] | undefined {
  const r = numbersIn(dict, key, 4);
  if (!r) return undefined;
  const [a, b, c, d] = r as [number, number, number, number];
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

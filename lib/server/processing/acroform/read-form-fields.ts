// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFHexString, PDFString, type PDFDocument, type PDFObject } from "pdf-lib";
import { lookupAs, rectIn } from "@/lib/server/completion/flatten-form";
import { ProcessingError } from "../processing-error";

/** At most this many form fields (terminal fields of /AcroForm) are read from one upload. */
export const MAX_FORM_FIELDS = 500;
/** And at most this many widgets (a radio group has one per option). */
export const MAX_FORM_WIDGETS = 2000;
// Non-terminal nodes too: a tree of empty parents must not walk forever either.
const MAX_FORM_NODES = 10_000;
const MAX_DEPTH = 32;

/** Field flags (/Ff, PDF 32000-1 12.7.3.1, 12.7.4.2.1). */
export const FF = {
  readOnly: 1 << 0,
  required: 1 << 1,
  radio: 1 << 15,
  pushButton: 1 << 16,
} as const;

export type FormWidget = {
  dict: PDFDict;
  /** From 1, the page whose /Annots lists the widget. */
  page: number;
  /** [left, bottom, right, top] in the page's user space. */
  rect: [number, number, number, number];
  /** Hidden or NoView: not shown, so not imported either. */
  hidden: boolean;
  /** A button's "on" state name (the /AP /N key that is not Off). */
  onState?: string;
};

export type FormField = {
  /** The fully qualified name: the /T of each ancestor and its own, joined with ".". */
  fullName: string;
  /** /FT, inherited: Tx, Btn, Ch, Sig (anything else as read). */
  type: string | undefined;
  /** /Ff, inherited. */
  flags: number;
  /** /V, inherited. */
  value: PDFObject | undefined;
  /** A choice field's or a button group's /Opt, as the texts shown. */
  options: string[];
  /** The font size of /DA ("/Helv 12 Tf"); 0 or missing means auto. */
  fontSize?: number;
  /** Only widgets that are on a page, in /Kids order. */
  widgets: FormWidget[];
};

/**
 * The terminal fields of a PDF's interactive form (/AcroForm /Fields) and
 * their widgets, in /Fields order. Empty when the PDF has no form. Each node
 * is visited once (a /Kids cycle ends there), the tree at most MAX_DEPTH deep.
 *
 * Throws ProcessingError("too_many_fields") past MAX_FORM_FIELDS fields or
 * MAX_FORM_WIDGETS widgets, before doing any work per field beyond counting,
 * so a file declaring 100,000 fields costs a walk over the first few hundred.
 */
export function readFormFields(doc: PDFDocument): FormField[] {
  const form = lookupAs(doc.catalog, "AcroForm", PDFDict);
  const roots = form && lookupAs(form, "Fields", PDFArray);
  if (!roots) return [];

  const pageOf = widgetPages(doc);
  const seen = new Set<PDFDict>();
  const fields: FormField[] = [];
  let widgets = 0;

  type Inherited = { name: string; type?: string; flags: number; value?: PDFObject; da?: string; opt?: PDFArray };
  const walk = (node: PDFDict, parent: Inherited, depth: number) => {
    if (seen.has(node) || depth > MAX_DEPTH) return;
    seen.add(node);
    if (seen.size > MAX_FORM_NODES) throw ProcessingError.tooManyFormFields(MAX_FORM_FIELDS);

    const t = textOf(node.lookup(PDFName.of("T")));
    const ft = node.lookup(PDFName.of("FT"));
    const ff = node.lookup(PDFName.of("Ff"));
    const da = textOf(node.lookup(PDFName.of("DA")));
    const here: Inherited = {
      name: t === undefined ? parent.name : parent.name ? `${parent.name}.${t}` : t,
      type: ft instanceof PDFName ? ft.decodeText() : parent.type,
      flags: ff instanceof PDFNumber ? ff.asNumber() : parent.flags,
      value: node.has(PDFName.of("V")) ? node.lookup(PDFName.of("V")) : parent.value,
      da: da ?? parent.da,
      opt: lookupAs(node, "Opt", PDFArray) ?? parent.opt,
    };

    const kids = (lookupAs(node, "Kids", PDFArray)?.asArray() ?? [])
      .map((k) => doc.context.lookup(k))
      .filter((k): k is PDFDict => k instanceof PDFDict);
    const childFields = kids.filter((k) => k.has(PDFName.of("T")));
    if (childFields.length) {
      for (const kid of childFields) walk(kid, here, depth + 1);
      return;
    }

    // A terminal field: its widgets are its kids, or the field itself when they are merged.
    if (fields.length >= MAX_FORM_FIELDS) throw ProcessingError.tooManyFormFields(MAX_FORM_FIELDS);
    const own = kids.length ? kids : [node];
    widgets += own.length;
    if (widgets > MAX_FORM_WIDGETS) throw ProcessingError.tooManyFormFields(MAX_FORM_FIELDS, MAX_FORM_WIDGETS);
    const field: FormField = {
      fullName: here.name,
      type: here.type,
      flags: here.flags,
      value: here.value,
      options: optionsOf(here.opt, doc),
      fontSize: fontSizeOf(here.da),
      widgets: [],
    };
    for (const w of own) {
      const page = pageOf.get(w);
      const rect = rectIn(w, "Rect");
      if (page === undefined || !rect) continue;
      const f = w.lookup(PDFName.of("F"));
      const flags = f instanceof PDFNumber ? f.asNumber() : 0;
      field.widgets.push({ dict: w, page, rect, hidden: (flags & ((1 << 1) | (1 << 5))) !== 0, onState: onStateOf(w) });
    }
    fields.push(field);
  };

  for (const root of roots.asArray()) {
    const node = doc.context.lookup(root);
    if (node instanceof PDFDict) walk(node, { name: "", flags: 0 }, 0);
  }
  return fields;
}

/** Each widget annotation's page (from 1), read from the pages' /Annots. */
function widgetPages(doc: PDFDocument): Map<PDFDict, number> {
  const out = new Map<PDFDict, number>();
  doc.getPages().forEach((page, i) => {
    const annots = lookupAs(page.node, "Annots", PDFArray);
    if (!annots) return;
    for (const raw of annots.asArray()) {
      const a = doc.context.lookup(raw);
      if (a instanceof PDFDict && !out.has(a)) out.set(a, i + 1);
    }
  });
  return out;
}

function onStateOf(widget: PDFDict): string | undefined {
  const n = lookupAs(widget, "AP", PDFDict)?.lookup(PDFName.of("N"));
  if (!(n instanceof PDFDict)) return undefined;
  const on = n.keys().find((k) => k !== PDFName.of("Off"));
  return on?.decodeText();
}

/** /Opt entries: a text, or [export value, text shown]. */
function optionsOf(opt: PDFArray | undefined, doc: PDFDocument): string[] {
  if (!opt) return [];
  const out: string[] = [];
  for (const raw of opt.asArray().slice(0, MAX_FORM_WIDGETS)) {
    const o = doc.context.lookup(raw);
    const shown = o instanceof PDFArray ? textOf(o.lookup(1)) ?? textOf(o.lookup(0)) : textOf(o);
    out.push(shown ?? "");
  }
  return out;
}

function fontSizeOf(da: string | undefined): number | undefined {
  const m = da ? /(\d+(?:\.\d+)?)\s+Tf\b/.exec(da) : null;
  const size = m ? Number(m[1]) : 0;
  return size >= 4 && size <= 72 ? size : undefined;
}

/** A PDF text string (or a name) as a JS string; undefined for anything else. */
export function textOf(o: PDFObject | undefined): string | undefined {
  if (o instanceof PDFString || o instanceof PDFHexString) return o.decodeText();
  if (o instanceof PDFName) return o.decodeText();
  return undefined;
}

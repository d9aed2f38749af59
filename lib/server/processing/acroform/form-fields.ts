// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import { randomUUID } from "node:crypto";
import { PDFArray, PDFDict, PDFName, type PDFDocument, type PDFPage } from "pdf-lib";
import type { FieldDefinition, FieldType } from "@/lib/server/db/schema";
import { pageViewOf, type PageView } from "@/lib/server/completion/page-geometry";
import { roleOfFormField } from "./form-field-role";
import { FF, textOf, type FormField, type FormWidget } from "./read-form-fields";

export type FormImport = {
  /** Our fields made from the form, in page order, then top to bottom, then left to right. */
  fields: FieldDefinition[];
  /** Widgets of imported checkboxes and radio buttons: flattened in their empty ("Off") look. */
  drawOff: Set<PDFDict>;
};

const MAX_NAME = 200; // lib/api/template-definition.ts
const MAX_HELP = 500;

/**
 * Turns a fillable PDF's form fields (AcroForm, as readFormFields read them) into our fields
 * (docs/text-tags.md "Fillable PDFs"):
 *
 * | form field | becomes |
 * |---|---|
 * | text (Tx) | text field, /DA font size as font size |
 * | checkbox (Btn) | checkbox |
 * | radio group (Btn, Radio flag) | one checkbox per option, named `<group>=<option>`, help text "Choose one: …" (our model has no radio type) |
 * | signature (Sig) | signature field, always required |
 * | list or combo box (Ch) | text field, help text listing the options |
 * | push button | nothing (its look stays printed) |
 *
 * Name: the field's full name (a field shown by several widgets gives one
 * field per widget, the 2nd named "<name> #2"…). Required: the /Ff Required
 * flag. Place: the widget's /Rect on the displayed page (crop box, /Rotate).
 * Role: roleOfFormField. A field that is read-only, already filled in (a
 * text, a ticked box, a chosen option, a signed signature) or hidden is not
 * asked again: its look is flattened into the page like the rest of the form.
 *
 * Text tags win over form fields: a form field whose box lies mostly over a
 * text tag's field is dropped, and a form field's name already used by a
 * text tag gets the next free "#n" suffix.
 */
export function importFormFields(
  doc: PDFDocument,
  form: readonly FormField[],
  roles: readonly string[] | "any",
  tagFields: readonly FieldDefinition[],
): FormImport {
  const drawOff = new Set<PDFDict>();
  if (!form.length || (roles !== "any" && roles.length === 0)) return { fields: [], drawOff };

  const fallback = roles === "any" ? (tagFields[0]?.role ?? "Signer 1") : roles[0]!;
  const pages = doc.getPages();
  const views = new Map<number, PageView>();
  const viewOf = (n: number) => {
    let v = views.get(n);
    if (!v) views.set(n, (v = readView(pages[n - 1]!)));
    return v;
  };

  const out: FieldDefinition[] = [];
  for (const field of form) {
    const kind = kindOf(field);
    if (!kind || field.flags & FF.readOnly || isFilledIn(field, kind)) continue;
    const shown = field.widgets.filter((w) => !w.hidden);
    if (!shown.length) continue;
    const baseName = field.fullName.trim() || `${kind === "radio" ? "choice" : kind}_field`;

    const placed = shown.flatMap((w) => {
      const box = displayBox(viewOf(w.page), w.rect);
      return box ? [{ w, box }] : [];
    });
    if (!placed.length) continue;
    const role = roleOfFormField(baseName, roles, fallback, placed[0]!.w.page);
    const required = kind === "signature" || (field.flags & FF.required) !== 0;

    if (kind === "radio") {
      const labels = placed.map(({ w }) => optionLabel(field, w));
      const help = clip(`Choose one: ${[...new Set(labels)].join(", ")}.`, MAX_HELP);
      placed.forEach(({ w, box }, i) => {
        drawOff.add(w.dict);
        // One option alone is a plain checkbox under the group's name (and its requiredness).
        const single = placed.length === 1;
        out.push(make("checkbox", single ? baseName : `${baseName}=${labels[i]}`, role, w.page, box, single && required, single ? undefined : help));
      });
      continue;
    }
    placed.forEach(({ w, box }, i) => {
      const name = i === 0 ? baseName : `${baseName} #${i + 1}`;
      if (kind === "checkbox") drawOff.add(w.dict);
      const help = kind === "choice" && field.options.length ? clip(`Choose one: ${field.options.filter(Boolean).join(", ")}.`, MAX_HELP) : undefined;
      const type: FieldType = kind === "choice" ? "text" : kind;
      const def = make(type, name, role, w.page, box, required, help);
      // /DA's size when it fits the box: writers often store an auto-fitted size there instead.
      if (type === "text" && field.fontSize && field.fontSize <= 24 && field.fontSize <= box.height * viewOf(w.page).height * 0.8) def.fontSize = field.fontSize;
      out.push(def);
    });
  }

  const kept = out.filter((f) => !tagFields.some((t) => t.page === f.page && overlap(t, f) > 0.5 * Math.min(area(t), area(f))));
  uniqueNames(kept, tagFields);
  kept.sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  return { fields: kept, drawOff };
}

type Kind = "text" | "checkbox" | "radio" | "signature" | "choice";

function kindOf(field: FormField): Kind | undefined {
  switch (field.type) {
    case "Tx":
      return "text";
    case "Sig":
      return "signature";
    case "Ch":
      return "choice";
    case "Btn":
      if (field.flags & FF.pushButton) return undefined;
      return field.flags & FF.radio ? "radio" : "checkbox";
    default:
      return undefined;
  }
}

/** The sender already answered it: a text, a ticked box, a chosen option, a signature. */
function isFilledIn(field: FormField, kind: Kind): boolean {
  const v = field.value;
  if (v === undefined) return false;
  switch (kind) {
    case "text":
      return !!textOf(v)?.trim();
    case "choice":
      return v instanceof PDFArray ? v.asArray().some((_, i) => !!textOf(v.lookup(i))?.trim()) : !!textOf(v)?.trim();
    case "checkbox":
    case "radio":
      return v instanceof PDFName && v !== PDFName.of("Off") && v.decodeText() !== "";
    case "signature":
      return v instanceof PDFDict;
  }
}

/** A radio button's option: its /Opt text when the state is an index into /Opt, else the state's name. */
function optionLabel(field: FormField, w: FormWidget): string {
  const state = w.onState ?? "";
  const i = /^\d+$/.test(state) ? Number(state) : -1;
  const label = (i >= 0 && field.options[i]) || state || "option";
  return clip(label, 60);
}

function make(type: FieldType, name: string, role: string, page: number, box: Box, required: boolean, helpText?: string): FieldDefinition {
  return {
    id: randomUUID(), // as newId() in lib/server/crypto.ts, which the worker cannot import
    type,
    role,
    name: clip(name, MAX_NAME),
    page,
    ...box,
    required,
    ...(helpText ? { helpText } : {}),
  };
}

type Box = { x: number; y: number; width: number; height: number };

function readView(page: PDFPage): PageView {
  const m = page.getMediaBox();
  const c = page.getCropBox();
  return pageViewOf([m.x, m.y, m.x + m.width, m.y + m.height], [c.x, c.y, c.x + c.width, c.y + c.height], page.getRotation().angle);
}

/**
 * A user-space rectangle as fractions of the displayed page (the inverse of
 * page-geometry.ts displayToUser), clipped to the page; undefined when
 * nothing of it is on the page.
 */
export function displayBox(view: PageView, [x0, y0, x1, y1]: readonly [number, number, number, number]): Box | undefined {
  const toDisplay = (x: number, y: number): [number, number] => {
    switch (view.rotation) {
      case 90:
        return [y - view.bottom, x - view.left];
      case 180:
        return [view.right - x, y - view.bottom];
      case 270:
        return [view.top - y, view.right - x];
      default:
        return [x - view.left, view.top - y];
    }
  };
  const pts = [toDisplay(x0, y0), toDisplay(x1, y1)];
  const dx0 = Math.max(0, Math.min(pts[0]![0], pts[1]![0]));
  const dy0 = Math.max(0, Math.min(pts[0]![1], pts[1]![1]));
  const dx1 = Math.min(view.width, Math.max(pts[0]![0], pts[1]![0]));
  const dy1 = Math.min(view.height, Math.max(pts[0]![1], pts[1]![1]));
  if (!(dx1 - dx0 > 0.5) || !(dy1 - dy0 > 0.5)) return undefined;
  return {
    x: round4(dx0 / view.width),
    y: round4(dy0 / view.height),
    width: round4((dx1 - dx0) / view.width),
    height: round4((dy1 - dy0) / view.height),
  };
}

const area = (b: Box) => b.width * b.height;
function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** Form field names already taken (by a text tag or an earlier form field) get " #2", " #3"… */
function uniqueNames(fields: FieldDefinition[], tagFields: readonly FieldDefinition[]) {
  const taken = new Set(tagFields.map((f) => f.name));
  for (const f of fields) {
    if (!taken.has(f.name)) {
      taken.add(f.name);
      continue;
    }
    let n = 2;
    const base = f.name.replace(/ #\d+$/, "");
    while (taken.has(clip(`${base} #${n}`, MAX_NAME))) n++;
    f.name = clip(`${base} #${n}`, MAX_NAME);
    taken.add(f.name);
  }
}

const round4 = (n: number) => Math.round(n * 10000) / 10000;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

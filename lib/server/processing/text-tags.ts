// Server code, also run by the processing worker (processing-worker.ts), which the bundler
// builds without the react-server condition: so no "server-only" import here.
import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import type { PDFDocumentProxy, PageViewport } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem, TextStyle } from "pdfjs-dist/types/src/display/api";
import type { FieldDefinition, FieldType } from "@/lib/server/db/schema";
import { randomUUID } from "node:crypto";
import { findTagsInText } from "./tags/registry";
import { resolveParty } from "./tags/resolve-party";
import type { TagSpec } from "./tags/tag-spec";

// The orchestrator of text tags: the dialects (our [[…]], RightSignature,
// Dropbox Sign, Documenso, DocuSeal, Adobe Sign) are parsed in tags/*, one
// file each, chosen by tags/registry.ts; docs/text-tags.md describes them.

/** A rectangle on a page as fractions (0–1) of the displayed page, from its top-left corner. */
export type TagBox = { page: number; x: number; y: number; width: number; height: number };

export type TextTagResult = {
  /** In page order, then top to bottom, then left to right. */
  fields: FieldDefinition[];
  /** Where each tag's own text is (slightly padded), to be covered up. */
  tagBoxes: TagBox[];
};

/** A rectangle in displayed page points (pdf.js viewport at scale 1: y down, rotation applied). */
type Rect = { x0: number; y0: number; x1: number; y1: number };

// The smallest box a person can use for each kind of field, in points, when
// the tag text itself is smaller (a short tag like "[[s|A]]" is ~30 pt wide).
const MIN_SIZE: Record<FieldType, { w: number; h: number }> = {
  signature: { w: 120, h: 30 },
  initials: { w: 48, h: 24 },
  text: { w: 60, h: 14 },
  date: { w: 72, h: 14 },
  checkbox: { w: 12, h: 12 },
};

/**
 * Finds the text tags of every dialect on every page of an open PDF (see
 * openPdf) and turns them into fields for the request's roles.
 *
 * `roles` are the role names in signing order (tags of RightSignature,
 * Dropbox Sign, Documenso and Adobe Sign name recipients by position), or
 * "any" for a template upload, whose roles come from the tags
 * (tags/resolve-party.ts).
 *
 * Field boxes: tags of our grammar keep the tag's bottom-left corner (tags are
 * typed on the line where one signs) and grow right and up to the type's
 * minimum size or to w=/h=, a checkbox being a square as tall as the tag
 * text; the other services' tags become a field covering the tag as drawn.
 * Throws ProcessingError("malformed_tag" / "unknown_role") naming the page
 * and the tag.
 */
export async function readTextTags(doc: PDFDocumentProxy, roles: readonly string[] | "any" = "any"): Promise<TextTagResult> {
  const scanned: PageTags[] = [];
  for (let n = 1; n <= doc.numPages; n++) scanned.push(await scanPageTags(doc, n, roles));
  return assembleTextTags(scanned);
}

/** A tag found on one page, before fields are named (plain data: it crosses worker threads). */
export type FoundTag = { tag: TagSpec; role: string; page: number; field: Rect; pageW: number; pageH: number };

/** What one page's text holds: its tags and the boxes to cover. */
export type PageTags = { page: number; found: FoundTag[]; tagBoxes: TagBox[] };

/**
 * The tags of page n alone. Pages are independent of each other, so several
 * workers can each scan a share of the pages (run-in-worker.ts) and
 * assembleTextTags puts them together; scanning pages 1..N in order and
 * stopping at the first error is what readTextTags does.
 */
export async function scanPageTags(doc: PDFDocumentProxy, n: number, roles: readonly string[] | "any"): Promise<PageTags> {
  const found: FoundTag[] = [];
  const tagBoxes: TagBox[] = [];
  const fonts = await loadMetricFonts();
  const page = await doc.getPage(n);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const items = content.items.filter((i): i is TextItem => "str" in i);
    for (const hit of findTags(items, n, roles)) {
      const box = unionBox(hit.parts.map((p) => partBox(p, content.styles[p.item.fontName], viewport, fonts)));
      if (!box) continue;
      // Padding covers anti-aliasing, and the estimate when a tag shares its item with other text.
      const pad = Math.min(2, (box.y1 - box.y0) * 0.1);
      const shared = hit.parts.some((p) => p.from > 0 || p.to < p.item.str.length);
      const hpad = shared ? Math.max(pad, (box.y1 - box.y0) * 0.15) : pad;
      const padded = { x0: box.x0 - hpad, y0: box.y0 - pad, x1: box.x1 + hpad, y1: box.y1 + pad };
      tagBoxes.push({ page: n, ...toFractions(clampRect(padded, viewport), viewport) });
      const field = hit.tag.sizing === "extent" ? extentRect(hit.tag, box, viewport) : fieldRect(hit.tag, box, viewport);
      found.push({ tag: hit.tag, role: hit.role, page: n, field, pageW: viewport.width, pageH: viewport.height });
    }
  } finally {
    page.cleanup();
  }
  return { page: n, found, tagBoxes };
}

/** The fields and tag boxes of every page scanned (in any order): fields named and sorted as readTextTags gives them. */
export function assembleTextTags(scanned: readonly PageTags[]): TextTagResult {
  const pages = [...scanned].sort((a, b) => a.page - b.page);
  const tagBoxes = pages.flatMap((p) => p.tagBoxes);
  const found = pages.flatMap((p) => p.found);
  found.sort((a, b) => a.page - b.page || a.field.y0 - b.field.y0 || a.field.x0 - b.field.x0);
  const names = defaultNamer(found.flatMap((f) => (f.tag.name ? [f.tag.name] : [])));
  const fields = found.map(({ tag, role, page, field, pageW, pageH }): FieldDefinition => ({
    id: randomUUID(), // as newId() in lib/server/crypto.ts, which the worker cannot import
    type: tag.type,
    role,
    name: tag.name ?? names(tag.type),
    page,
    ...toFractions(field, { width: pageW, height: pageH }),
    required: tag.required,
    ...(tag.helpText ? { helpText: tag.helpText } : {}),
  }));
  return { fields, tagBoxes };
}

type Part = { item: TextItem; from: number; to: number };

/**
 * Finds tags in a page's text. Items are joined in content order, with a line
 * break after items pdf.js marks as ending a line, so a tag may span adjacent
 * items on one line (as when a writer splits "[[sig" and "nature|A]]") but
 * never two lines. Each hit lists the item ranges its characters come from.
 */
function findTags(items: TextItem[], page: number, roles: readonly string[] | "any") {
  let text = "";
  const spans: { item: TextItem; start: number }[] = [];
  for (const item of items) {
    spans.push({ item, start: text.length });
    text += item.str + (item.hasEOL ? "\n" : "");
  }

  return findTagsInText(text, page).map(({ spec, raw, start, end }) => {
    const parts: Part[] = [];
    for (const { item, start: s } of spans) {
      const from = Math.max(start, s) - s;
      const to = Math.min(end, s + item.str.length) - s;
      if (to > from) parts.push({ item, from, to });
    }
    return { tag: spec, role: resolveParty(spec.party, roles, raw, page), parts };
  });
}

/**
 * The displayed box of characters [from, to) of a text item. pdf.js gives an
 * item's origin and direction (transform, in PDF user space), its advance
 * width and the font's ascent/descent, but not where each character is: the
 * horizontal split within an item is estimated from the widths of the
 * standard font of the same family (Times for serif, Helvetica for the rest,
 * equal widths for monospace), which is close enough for the fonts tags are
 * typed in (the hidden box is padded for the rest).
 */
function partBox(
  { item, from, to }: Part,
  style: TextStyle | undefined,
  viewport: PageViewport,
  fonts: MetricFonts,
): Rect | undefined {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform as number[];
  const along = Math.hypot(a, b);
  const size = Math.hypot(c, d) || item.height;
  if (!(size > 0) || !(item.width >= 0)) return undefined;
  const [ux, uy] = along > 0 ? [a / along, b / along] : [1, 0];
  const [vx, vy] = size > 0 && Math.hypot(c, d) > 0 ? [c / size, d / size] : [-uy, ux];

  const font = style?.fontFamily === "serif" ? fonts.serif : fonts.sans;
  const width = (s: string) => (style?.fontFamily === "monospace" ? s.length : textWidth(font, s));
  const total = width(item.str);
  const u0 = total > 0 ? (item.width * width(item.str.slice(0, from))) / total : 0;
  const u1 = total > 0 ? (item.width * width(item.str.slice(0, to))) / total : item.width;
  // pdf.js reports ascent/descent as fractions of the font size; some fonts carry nonsense.
  const ascent = style && style.ascent > 0.3 && style.ascent < 1.5 ? style.ascent : 0.8;
  const descent = style && style.descent < 0 && style.descent > -0.6 ? style.descent : -0.2;

  const xs: number[] = [];
  const ys: number[] = [];
  for (const u of [u0, u1]) {
    for (const v of [descent * size, ascent * size]) {
      const [px, py] = viewport.convertToViewportPoint(e + ux * u + vx * v, f + uy * u + vy * v) as [number, number];
      xs.push(px);
      ys.push(py);
    }
  }
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

function fieldRect(tag: TagSpec, box: Rect, viewport: PageViewport): Rect {
  const min = MIN_SIZE[tag.type];
  const tagW = box.x1 - box.x0;
  const tagH = box.y1 - box.y0;
  let w: number;
  let h: number;
  if (tag.type === "checkbox") {
    const side = Math.max(min.h, tagH);
    [w, h] = [tag.width ?? tag.height ?? side, tag.height ?? tag.width ?? side];
  } else {
    [w, h] = [tag.width ?? Math.max(min.w, tagW), tag.height ?? Math.max(min.h, tagH)];
  }
  w = Math.min(w, viewport.width);
  h = Math.min(h, viewport.height);
  // Anchored at the tag's bottom-left, then moved (not shrunk) back onto the page.
  const x0 = Math.min(Math.max(0, box.x0), viewport.width - w);
  const y0 = Math.min(Math.max(0, box.y1 - h), viewport.height - h);
  return { x0, y0, x1: x0 + w, y1: y0 + h };
}

/**
 * The other services' rule: the field is the tag as drawn (its brackets and
 * everything between), so a tag typed with more spaces or in a larger font
 * gives a larger field. A width or height the tag gives (DocuSeal) replaces
 * the drawn one, from the tag's top-left corner. Moved back onto the page if needed.
 */
function extentRect(tag: TagSpec, box: Rect, viewport: PageViewport): Rect {
  const w = Math.min(tag.width ?? box.x1 - box.x0, viewport.width);
  const h = Math.min(tag.height ?? box.y1 - box.y0, viewport.height);
  const x0 = Math.min(Math.max(0, box.x0), viewport.width - w);
  const y0 = Math.min(Math.max(0, box.y0), viewport.height - h);
  return { x0, y0, x1: x0 + w, y1: y0 + h };
}

function unionBox(rects: (Rect | undefined)[]): Rect | undefined {
  const rs = rects.filter((r): r is Rect => !!r);
  if (!rs.length) return undefined;
  return {
    x0: Math.min(...rs.map((r) => r.x0)),
    y0: Math.min(...rs.map((r) => r.y0)),
    x1: Math.max(...rs.map((r) => r.x1)),
    y1: Math.max(...rs.map((r) => r.y1)),
  };
}

const clampRect = (r: Rect, page: { width: number; height: number }): Rect => ({
  x0: Math.max(0, r.x0),
  y0: Math.max(0, r.y0),
  x1: Math.min(page.width, r.x1),
  y1: Math.min(page.height, r.y1),
});

const round4 = (n: number) => Math.round(n * 10000) / 10000;
const toFractions = (r: Rect, page: { width: number; height: number }) => ({
  x: round4(r.x0 / page.width),
  y: round4(r.y0 / page.height),
  width: round4((r.x1 - r.x0) / page.width),
  height: round4((r.y1 - r.y0) / page.height),
});

/** `<type>_<n>` numbered per type in document order, skipping names given explicitly. */
function defaultNamer(explicit: string[]) {
  const taken = new Set(explicit);
  const next: Partial<Record<FieldType, number>> = {};
  return (type: FieldType) => {
    let name: string;
    do {
      next[type] = (next[type] ?? 0) + 1;
      name = `${type}_${next[type]}`;
    } while (taken.has(name));
    taken.add(name);
    return name;
  };
}

// Standard fonts' widths as stand-ins for the document's own (see partBox).
type MetricFonts = { sans: PDFFont; serif: PDFFont };
let metricFonts: Promise<MetricFonts> | undefined;
const loadMetricFonts = () =>
  (metricFonts ??= PDFDocument.create().then((d) => ({
    sans: d.embedStandardFont(StandardFonts.Helvetica),
    serif: d.embedStandardFont(StandardFonts.TimesRoman),
  })));
const charWidths = new Map<string, number>();

function textWidth(font: PDFFont, s: string): number {
  let w = 0;
  for (const ch of s) {
    const key = font.name + ch;
    let cw = charWidths.get(key);
    if (cw === undefined) {
      try {
        cw = font.widthOfTextAtSize(ch, 1000) || 556;
      } catch {
        cw = 500; // not in WinAnsi: about an average width
      }
      charWidths.set(key, cw);
    }
    w += cw;
  }
  return w;
}

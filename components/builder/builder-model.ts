import type { BuilderDefinitionInput, BuilderField, BuilderMergeField, BuilderPage, StoredDefinition } from "@/lib/api/builder";
import type { fieldTypes } from "@/lib/api/template-definition";
import { minFieldFraction } from "@/lib/api/field-rules";

// The builder's state and its conversions to and from the API's definition.
// Positions are fractions (0–1) of the page, from its top-left corner, as
// stored; only the drawing multiplies them by a size.

export type FieldType = (typeof fieldTypes)[number];
/** What the palette places: signer fields, and merge fields the sender fills at send time. */
export type PaletteKind = FieldType | "merge_text" | "merge_date";

export type Box = { page: number; x: number; y: number; width: number; height: number };

export type BuilderItem = Box & {
  /** Stable key in the editor; `id` is the stored id (absent until saved). */
  key: string;
  id?: string;
  kind: "field" | "merge";
  type: FieldType;
  role: string;
  name: string;
  required: boolean;
  help_text: string;
  font_size?: number;
  /** Merge fields of a draft: placed by the template, filled when it was made. */
  locked?: boolean;
  value?: string;
};

export type BuilderRole = {
  key: string;
  name: string;
  message: string;
  signer_name: string;
  signer_email: string;
  /** Document mode: the recipient this role is. */
  recipientId?: string;
  omitted?: boolean;
};

export type BuilderSettings = {
  name: string;
  expires_in: number;
  signer_sequencing: boolean;
  identity_method: "email" | "none";
  kba: boolean;
  passcode: boolean;
  tags: { key: string; value: string }[];
  shared_with: string[];
};

export type BuilderState = { settings: BuilderSettings; roles: BuilderRole[]; items: BuilderItem[] };

export const PALETTE: { kind: PaletteKind; label: string; size: [number, number] }[] = [
  { kind: "signature", label: "Signature", size: [180, 40] },
  { kind: "initials", label: "Initials", size: [64, 36] },
  { kind: "text", label: "Text", size: [160, 20] },
  { kind: "date", label: "Date", size: [100, 20] },
  { kind: "checkbox", label: "Checkbox", size: [16, 16] },
  { kind: "merge_text", label: "Merge text", size: [160, 20] },
  { kind: "merge_date", label: "Merge date", size: [100, 20] },
];

export const TYPE_LABEL: Record<FieldType, string> = { signature: "Signature", initials: "Initials", text: "Text", date: "Date", checkbox: "Checkbox" };

// Colours that keep 4.5:1 contrast as text on white and on their own 10 % tint.
const ROLE_COLOURS = ["#1d4ed8", "#be185d", "#047857", "#b45309", "#6d28d9", "#0e7490", "#b91c1c", "#4d7c0f"];
export const MERGE_COLOUR = "#475569";
export const roleColour = (roles: BuilderRole[], name: string) => {
  const i = roles.findIndex((r) => r.name === name);
  return i < 0 ? MERGE_COLOUR : ROLE_COLOURS[i % ROLE_COLOURS.length]!;
};

let counter = 0;
export const newKey = () => `k${Date.now().toString(36)}${(counter++).toString(36)}`;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** Keeps a box on its page, at least 0.5 % in each direction. */
export function clampBox<T extends Box>(b: T): T {
  const width = clamp(b.width, 0.005, 1);
  const height = clamp(b.height, 0.005, 1);
  return { ...b, width, height, x: clamp(b.x, 0, 1 - width), y: clamp(b.y, 0, 1 - height) };
}

/** A name not yet used by an item of the same kind: signature_1, signature_2… */
export function uniqueName(items: BuilderItem[], base: string) {
  const taken = new Set(items.map((i) => i.name));
  let n = 1;
  while (taken.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}

/** A new item of a palette kind, centred at (cx, cy) on a page. */
export function createItem(kind: PaletteKind, at: { page: number; cx: number; cy: number }, page: BuilderPage, state: BuilderState, role: string): BuilderItem {
  const spec = PALETTE.find((p) => p.kind === kind)!;
  const width = spec.size[0] / page.width;
  const height = spec.size[1] / page.height;
  const merge = kind === "merge_text" || kind === "merge_date";
  const type: FieldType = merge ? (kind === "merge_date" ? "date" : "text") : (kind as FieldType);
  return clampBox({
    key: newKey(),
    kind: merge ? "merge" : "field",
    type,
    role: merge ? "" : role,
    name: uniqueName(state.items, merge ? "merge_field" : type),
    required: type !== "checkbox",
    help_text: "",
    page: at.page,
    x: at.cx - width / 2,
    y: at.cy - height / 2,
    width,
    height,
  });
}

export const fromField = (f: BuilderField): BuilderItem => ({ ...f, key: newKey(), kind: "field" });
export const fromMerge = (m: BuilderMergeField & { value?: string }, locked = false): BuilderItem => ({
  ...m,
  key: newKey(),
  kind: "merge",
  role: "",
  required: false,
  help_text: "",
  locked,
});

export function stateFromDefinition(def: StoredDefinition): BuilderState {
  return {
    settings: {
      name: def.name,
      expires_in: def.expires_in,
      signer_sequencing: def.signer_sequencing,
      identity_method: def.identity_method,
      kba: def.kba,
      passcode: def.passcode,
      tags: Object.entries(def.tags).map(([key, value]) => ({ key, value: value ?? "" })),
      shared_with: def.shared_with,
    },
    roles: [...def.roles].sort((a, b) => a.sequence - b.sequence).map((r) => ({ ...r, key: newKey() })),
    items: [...def.fields.map((f) => fromField(f)), ...def.merge_fields.map((m) => fromMerge(m))],
  };
}

const boxOf = (i: BuilderItem) => ({ page: i.page, x: round(i.x), y: round(i.y), width: round(i.width), height: round(i.height) });

export function fieldsOf(state: BuilderState) {
  return state.items
    .filter((i) => i.kind === "field")
    .map((i) => ({
      ...(i.id ? { id: i.id } : {}),
      type: i.type,
      role: i.role,
      name: i.name,
      ...boxOf(i),
      required: i.required,
      help_text: i.help_text,
      ...(i.font_size ? { font_size: i.font_size } : {}),
    }));
}

/** The definition the API saves (POST/PUT /ext/templates). */
export function definitionOf(state: BuilderState): BuilderDefinitionInput {
  const s = state.settings;
  return {
    name: s.name,
    signer_sequencing: s.signer_sequencing,
    expires_in: s.expires_in,
    identity_method: s.identity_method,
    kba: s.kba,
    passcode: s.passcode,
    tags: Object.fromEntries(s.tags.filter((t) => t.key.trim() || t.value.trim()).map((t) => [t.key.trim(), t.value])),
    shared_with: s.shared_with.map((e) => e.trim()).filter(Boolean),
    roles: state.roles.map((r, i) => ({ name: r.name, sequence: i, message: r.message, signer_name: r.signer_name, signer_email: r.signer_email })),
    fields: fieldsOf(state),
    merge_fields: state.items
      .filter((i) => i.kind === "merge" && !i.locked)
      .map((i) => ({ ...(i.id ? { id: i.id } : {}), name: i.name, type: i.type === "date" ? ("date" as const) : ("text" as const), ...boxOf(i), ...(i.font_size ? { font_size: i.font_size } : {}) })),
  };
}

/** "definition[fields][2][role]" or "fields[2]" (a parameter, or a message naming one) → the item it names, to select it next to the error. */
export function itemOfErrorPath(state: BuilderState, message: string): BuilderItem | undefined {
  const m =
    /\[(fields|merge_fields)\]\[(\d+)\]/.exec(message) ?? /^(?:Bad input parameter\. )?(fields|merge_fields)\[(\d+)\]/.exec(message);
  if (!m) return undefined;
  const list = state.items.filter((i) => (m[1] === "fields" ? i.kind === "field" : i.kind === "merge" && !i.locked));
  return list[Number(m[2])];
}

/** The box no smaller than its type's readable minimum on `page` (lib/api/field-rules.ts; the server refuses smaller). */
export function withMinimumSize<T extends Box & { type: FieldType }>(b: T, page: { width: number; height: number } | undefined): T {
  if (!page) return b;
  const min = minFieldFraction(b.type, page);
  const width = Math.max(b.width, min.width);
  const height = Math.max(b.height, min.height);
  return clampBox({ ...b, width, height, x: Math.min(b.x, 1 - width), y: Math.min(b.y, 1 - height) });
}

const GAP = 0.01; // air kept between a new field and the others (1 % of the page)
const overlaps = (a: Box, b: Box, gap = 0) =>
  a.page === b.page && a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;

/**
 * Where a new `width` × `height` box goes on `page`: the first spot, reading
 * from `fromY` (the top of the part of the page in view) down, left to
 * right, then from the top, that keeps clear of every other box. Null when
 * the page has no room left.
 */
export function freeSpot(items: readonly Box[], page: number, width: number, height: number, fromY = 0): { x: number; y: number } | null {
  const others = items.filter((i) => i.page === page);
  const margin = 0.04;
  const stepX = 0.01;
  const stepY = 0.01;
  const lastY = 1 - margin / 2 - height;
  const lastX = 1 - margin - width;
  const start = Math.min(Math.max(margin, fromY + margin), Math.max(margin, lastY));
  const rows: number[] = [];
  for (let y = start; y <= lastY + 1e-9; y += stepY) rows.push(y);
  for (let y = margin; y < start - 1e-9; y += stepY) rows.push(y);
  for (const y of rows) {
    for (let x = margin; x <= lastX + 1e-9; x += stepX) {
      const box = { page, x, y, width, height };
      if (!others.some((o) => overlaps(box, o, GAP))) return { x: round(x), y: round(y) };
    }
  }
  return null;
}

/**
 * Snaps a box being dragged (`move`) or resized (`resize`) to the edges of
 * the other boxes on its page, when an edge is within `tx` (horizontally) or
 * `ty` (vertically) of one, so fields line up without pixel hunting.
 */
export function snapBox(b: Box, others: readonly Box[], mode: "move" | "resize", tx: number, ty: number): Box {
  const xs = others.flatMap((o) => [o.x, o.x + o.width]);
  const ys = others.flatMap((o) => [o.y, o.y + o.height]);
  const nearest = (edges: number[], targets: number[], t: number) => {
    let best: number | null = null;
    for (const e of edges) for (const target of targets) if (Math.abs(target - e) <= t && (best === null || Math.abs(target - e) < Math.abs(best))) best = target - e;
    return best ?? 0;
  };
  if (mode === "move") {
    const dx = nearest([b.x, b.x + b.width], xs, tx);
    const dy = nearest([b.y, b.y + b.height], ys, ty);
    return clampBox({ ...b, x: b.x + dx, y: b.y + dy });
  }
  const dw = nearest([b.x + b.width], xs, tx);
  const dh = nearest([b.y + b.height], ys, ty);
  return clampBox({ ...b, width: b.width + dw, height: b.height + dh });
}

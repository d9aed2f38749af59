import type { SignerView } from "@/lib/api/signing";

export type SignerField = SignerView["fields"][number];
export type FieldValues = Record<string, string>;

const typeLabels: Record<SignerField["type"], string> = {
  signature: "Signature",
  initials: "Initials",
  text: "Text",
  date: "Date",
  checkbox: "Checkbox",
};

/** Fields in reading order: page by page, top to bottom (rows of ~1 % height), left to right. */
export function sortFields<T extends { page: number; x: number; y: number }>(fields: readonly T[]): T[] {
  return [...fields].sort((a, b) => a.page - b.page || Math.round(a.y * 100) - Math.round(b.y * 100) || a.x - b.x);
}

/** The name a signer reads: the field's name with underscores as spaces, or its type. */
export function fieldLabel(field: SignerField): string {
  const name = field.name.replace(/_/g, " ").trim();
  return name || typeLabels[field.type];
}

export function isFilled(field: SignerField, value: string | undefined): boolean {
  if (field.type === "checkbox") return value === "true";
  return (value ?? "").trim() !== "";
}

/**
 * The values a field starts with: checkboxes unticked, name and e-mail fields
 * (field.autofill, lib/api/signer-fields.ts) the recipient's own, the rest
 * empty. Signing-date fields are filled after mount (withToday): the date is
 * the browser's, which the server cannot know.
 */
export function initialValues(fields: readonly SignerField[], signer: { name: string; email: string | null }): FieldValues {
  return Object.fromEntries(
    fields.map((f) => [f.id, f.type === "checkbox" ? "false" : f.autofill === "name" ? signer.name : f.autofill === "email" ? (signer.email ?? "") : ""]),
  );
}

/** Empty signing-date fields filled with `today` (yyyy-mm-dd). */
export function withToday(fields: readonly SignerField[], values: FieldValues, today: string): FieldValues {
  const out = { ...values };
  for (const f of fields) if (f.autofill === "today" && !(out[f.id] ?? "").trim()) out[f.id] = today;
  return out;
}

/** What is sent: checkboxes always ("true"/"false"), other fields only when filled. */
export function valuesToSubmit(fields: readonly SignerField[], values: FieldValues): FieldValues {
  const out: FieldValues = {};
  for (const f of fields) {
    const v = values[f.id] ?? "";
    if (f.type === "checkbox") out[f.id] = v === "true" ? "true" : "false";
    else if (v.trim() !== "") out[f.id] = f.type === "text" ? v : v.trim();
  }
  return out;
}

export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .join("")
    .slice(0, 4);
}

export const fieldDomId = (fieldId: string) => `signing-field-${fieldId}`;
export const fieldErrorId = (fieldId: string) => `signing-field-${fieldId}-error`;

/** Scroll a field into the middle of the screen (above the sticky bar) and focus it. */
export function focusField(fieldId: string) {
  const el = document.getElementById(fieldDomId(fieldId));
  if (!el) return;
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ block: "center", behavior: reduce ? "auto" : "smooth" });
  el.focus({ preventScroll: true });
}

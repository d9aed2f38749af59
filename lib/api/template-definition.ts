import { z } from "zod";
import { fieldTypes } from "./signing";

// The definition file that accompanies a PDF when a template is imported
// (CLI `template:import`, seeds). Positions are fractions (0–1) of the page,
// measured from its top-left corner, so they survive any rendering scale.

const fraction = z.number().min(0).max(1);

/** x/y/width/height of a box that must lie on the page. */
const box = {
  page: z.number().int().min(1),
  x: fraction,
  y: fraction,
  width: z.number().gt(0).max(1),
  height: z.number().gt(0).max(1),
};

export const roleSchema = z.object({
  name: z.string().trim().min(1, "must not be empty.").max(200),
  /** Order of signing, from 0; defaults to the role's position in the list. */
  sequence: z.number().int().min(0).optional(),
  message: z.string().max(5000).default(""),
  signer_name: z.string().max(200).default(""),
  signer_email: z.union([z.email(), z.literal("")]).default(""),
});

/**
 * A field's id when the definition edits an existing template or document
 * (the builder): kept, so values and merge values sent by id still land.
 * New fields have none and get one when saved.
 */
const existingId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "must be an id this template gave out.").optional();
/** Font size in points of a typed answer; without it the text is sized to fit its box. */
const fontSize = z.number().min(6, "must be at least 6.").max(72, "must be at most 72.").optional();

export { fieldTypes };

export const fieldSchema = z.object({
  id: existingId,
  type: z.enum(fieldTypes),
  role: z.string().min(1),
  name: z.string().trim().min(1, "must not be empty.").max(200),
  ...box,
  /** Defaults to true, except for checkboxes (an unticked box is an answer too). */
  required: z.boolean().optional(),
  /** Shown to the signer next to the field. */
  help_text: z.string().max(500).default(""),
  font_size: fontSize,
});

export const mergeFieldSchema = z.object({
  id: existingId,
  name: z.string().trim().min(1, "must not be empty.").max(200),
  type: z.enum(["text", "date"]),
  ...box,
  font_size: fontSize,
});

type Box = { x: number; y: number; width: number; height: number };
const overflows = (b: Box) => b.x + b.width > 1.000001 || b.y + b.height > 1.000001;

export const templateDefinitionSchema = z
  .object({
    name: z.string().trim().min(1, "must not be empty.").max(500),
    signer_sequencing: z.boolean().default(false),
    expires_in: z.number().int().min(1).max(365).default(30),
    tags: z.record(z.string().min(1), z.string().nullable()).default({}),
    shared_with: z.array(z.email()).default([]),
    identity_method: z.enum(["email", "none"]).default("email"),
    kba: z.boolean().default(false),
    passcode: z.boolean().default(false),
    roles: z.array(roleSchema).min(1, "add at least one role."),
    fields: z.array(fieldSchema).default([]),
    merge_fields: z.array(mergeFieldSchema).default([]),
  })
  .superRefine((def, ctx) => {
    const names = new Set<string>();
    def.roles.forEach((r, i) => {
      if (names.has(r.name)) ctx.addIssue({ code: "custom", path: ["roles", i, "name"], message: `duplicate role "${r.name}"` });
      names.add(r.name);
    });
    def.fields.forEach((f, i) => {
      if (!names.has(f.role)) {
        ctx.addIssue({ code: "custom", path: ["fields", i, "role"], message: `no role named "${f.role}"` });
      }
      if (overflows(f)) ctx.addIssue({ code: "custom", path: ["fields", i], message: "box extends past the page edge" });
    });
    const mergeNames = new Map<string, string>();
    def.merge_fields.forEach((m, i) => {
      // Components sharing a name are one merge field (v2 fills them by name): they must agree on the type.
      const type = mergeNames.get(m.name);
      if (type && type !== m.type) {
        ctx.addIssue({ code: "custom", path: ["merge_fields", i, "type"], message: `merge field "${m.name}" is already a ${type} field` });
      }
      mergeNames.set(m.name, m.type);
      if (overflows(m)) ctx.addIssue({ code: "custom", path: ["merge_fields", i], message: "box extends past the page edge" });
    });
  })
  .transform((def) => ({
    ...def,
    roles: def.roles.map((r, i) => ({ ...r, sequence: r.sequence ?? i })),
    fields: def.fields.map((f) => ({ ...f, required: f.required ?? f.type !== "checkbox" })),
  }));

/** A parsed definition (defaults filled in). */
export type TemplateDefinition = z.output<typeof templateDefinitionSchema>;
/** What a definition file may contain. */
export type TemplateDefinitionInput = z.input<typeof templateDefinitionSchema>;

/** Problems with page numbers, once the PDF's page count is known. */
export function pageProblems(def: TemplateDefinition, pageCount: number): string[] {
  const problems: string[] = [];
  const check = (path: string, page: number) => {
    if (page > pageCount) problems.push(`${path}.page: page ${page} does not exist (the PDF has ${pageCount})`);
  };
  def.fields.forEach((f, i) => check(`fields[${i}]`, f.page));
  def.merge_fields.forEach((m, i) => check(`merge_fields[${i}]`, m.page));
  return problems;
}

/** One readable line per zod issue: `fields[2].role: no role named "Buyer"`. */
export function formatIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path
      .map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
      .join("");
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

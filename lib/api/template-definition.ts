import { z } from "zod";

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

const roleSchema = z.object({
  name: z.string().trim().min(1).max(200),
  /** Order of signing, from 0; defaults to the role's position in the list. */
  sequence: z.number().int().min(0).optional(),
  message: z.string().max(5000).default(""),
  signer_name: z.string().max(200).default(""),
  signer_email: z.union([z.email(), z.literal("")]).default(""),
});

const fieldSchema = z.object({
  type: z.enum(["signature", "initials", "text", "date", "checkbox"]),
  role: z.string().min(1),
  name: z.string().trim().min(1).max(200),
  ...box,
  /** Defaults to true, except for checkboxes (an unticked box is an answer too). */
  required: z.boolean().optional(),
});

const mergeFieldSchema = z.object({
  name: z.string().trim().min(1).max(200),
  type: z.enum(["text", "date"]),
  ...box,
});

type Box = { x: number; y: number; width: number; height: number };
const overflows = (b: Box) => b.x + b.width > 1.000001 || b.y + b.height > 1.000001;

export const templateDefinitionSchema = z
  .object({
    name: z.string().trim().min(1).max(500),
    signer_sequencing: z.boolean().default(false),
    expires_in: z.number().int().min(1).max(365).default(30),
    tags: z.record(z.string().min(1), z.string().nullable()).default({}),
    shared_with: z.array(z.email()).default([]),
    identity_method: z.enum(["email", "none"]).default("email"),
    kba: z.boolean().default(false),
    passcode: z.boolean().default(false),
    roles: z.array(roleSchema).min(1),
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
    def.merge_fields.forEach((m, i) => {
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

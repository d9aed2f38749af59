import { z } from "zod";
import { timestamp } from "./common";
import { fieldSchema, mergeFieldSchema, templateDefinitionSchema } from "./template-definition";

// The builder's endpoints (/ext/template_uploads, /ext/templates,
// /ext/documents/:id/draft): the spec has no way to create a template or to
// edit a draft, so these extensions do it with the same tokens and errors.
// The definition a builder saves is the one `template:import` reads.

export { templateDefinitionSchema };
export type BuilderDefinitionInput = z.input<typeof templateDefinitionSchema>;

/** A page as the builder draws it: fractions are of this size (points, rotation applied). */
export const builderPageSchema = z.object({ width: z.number(), height: z.number(), image_url: z.string() });
export type BuilderPage = z.infer<typeof builderPageSchema>;

const fieldOut = fieldSchema.extend({ id: z.string(), required: z.boolean(), help_text: z.string() });
const mergeFieldOut = mergeFieldSchema.extend({ id: z.string() });
export type BuilderField = z.infer<typeof fieldOut>;
export type BuilderMergeField = z.infer<typeof mergeFieldOut>;

/** A stored definition as the builder receives it (ids filled in). */
export const storedDefinitionSchema = z.object({
  name: z.string(),
  signer_sequencing: z.boolean(),
  expires_in: z.number().int(),
  tags: z.record(z.string(), z.string().nullable()),
  shared_with: z.array(z.string()),
  identity_method: z.enum(["email", "none"]),
  kba: z.boolean(),
  passcode: z.boolean(),
  roles: z.array(z.object({ name: z.string(), sequence: z.number().int(), message: z.string(), signer_name: z.string(), signer_email: z.string() })),
  fields: z.array(fieldOut),
  merge_fields: z.array(mergeFieldOut),
});
export type StoredDefinition = z.infer<typeof storedDefinitionSchema>;

// ---------------------------------------------------------------- template uploads

export const createTemplateUploadBody = z.object({
  file_name: z.string({ error: "is required." }).trim().min(1, "must not be empty.").max(255, "must be at most 255 characters."),
});

export const templateUploadSchema = z.object({
  id: z.string(),
  status: z.enum(["waiting_for_file", "processing", "completed", "errored"]),
  status_message: z.string().nullable(),
  file_name: z.string(),
  /** Only while waiting for the file: PUT the raw bytes here (valid 3600 s). */
  upload_url: z.string().nullable(),
  /** The pages stored so far (from page 1, while processing: issue 14), and once processed the fields and role names its text tags gave. */
  pages: z.array(builderPageSchema),
  fields: z.array(fieldOut),
  roles: z.array(z.string()),
  /** Set once the builder saved it as a template. */
  template_id: z.string().nullable(),
  created_at: timestamp,
});
export type TemplateUpload = z.infer<typeof templateUploadSchema>;
export const templateUploadEnvelope = z.object({ template_upload: templateUploadSchema });

// ---------------------------------------------------------------- templates

export const createTemplateBody = z.object({
  upload_id: z.string({ error: "is required." }).min(1, "is required."),
  definition: templateDefinitionSchema,
});

export const saveTemplateVersionBody = z.object({
  definition: templateDefinitionSchema,
  /** The version the editor started from: a save over a newer one is refused instead of losing it. */
  base_version: z.number().int().min(1).optional(),
});

export const builderTemplateSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  filename: z.string(),
  pages: z.array(builderPageSchema),
  definition: storedDefinitionSchema,
  updated_at: timestamp,
});
export type BuilderTemplate = z.infer<typeof builderTemplateSchema>;
export const builderTemplateEnvelope = z.object({ template: builderTemplateSchema });

// ---------------------------------------------------------------- document drafts

export const draftRecipientSchema = z.object({
  id: z.string(),
  role_name: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  sequence: z.number().int(),
  omitted: z.boolean(),
});

export const documentDraftSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.string(),
  filename: z.string(),
  signer_sequencing: z.boolean(),
  pages: z.array(builderPageSchema),
  recipients: z.array(draftRecipientSchema),
  fields: z.array(fieldOut),
  /** Placed by the template; their values were given when the draft was made. */
  merge_fields: z.array(mergeFieldOut.extend({ value: z.string() })),
});
export type DocumentDraft = z.infer<typeof documentDraftSchema>;
export const documentDraftEnvelope = z.object({ document: documentDraftSchema });

export const saveDocumentDraftBody = z.object({
  name: z.string().trim().min(1, "must not be empty.").max(500, "must be at most 500 characters."),
  fields: z.array(fieldSchema),
  recipients: z.array(
    z.object({
      id: z.string(),
      name: z.string().trim().min(1, "must not be empty.").max(200),
      email: z.union([z.email("must be a valid e-mail address."), z.literal("")]),
    }),
  ),
});
export type SaveDocumentDraftBody = z.input<typeof saveDocumentDraftBody>;

import { z } from "zod";
import { pagedMeta, pageParams, tagsObject, timestamp } from "./common";

// ---------------------------------------------------------------- responses (spec 2.3)

export const templateRoleSchema = z.object({
  name: z.string(),
  sequence: z.number().int(),
  message: z.string(),
  signer_name: z.string(),
  signer_email: z.string(),
});

/** Not shown in the spec: id, name, type and placement of each merge field (docs/api-decisions.md). */
export const mergeFieldComponentSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(["text", "date"]),
  page: z.number().int(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});

export const reusableTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  filename: z.string(),
  user_id: z.string(),
  creator: z.object({ name: z.string(), email: z.string() }),
  expires_in: z.number().int(),
  signer_sequencing: z.boolean(),
  shared_with: z.array(z.string()),
  distribution_method: z.string(),
  identity_method: z.string(),
  kba: z.boolean(),
  passcode: z.boolean(),
  tags: tagsObject,
  roles: z.array(templateRoleSchema),
  merge_field_components: z.array(mergeFieldComponentSchema),
  created_at: timestamp,
  updated_at: timestamp,
  thumbnail_url: z.string().nullable(),
  page_image_urls: z.array(z.string()),
});
export type ReusableTemplateResource = z.infer<typeof reusableTemplateSchema>;

export const templateEnvelope = z.object({ reusable_template: reusableTemplateSchema });
export const templateListEnvelope = z.object({ reusable_templates: z.array(reusableTemplateSchema), meta: pagedMeta });

// ---------------------------------------------------------------- requests (spec 4.4, 4.5)

export const listTemplatesQuery = z.object({
  search: z.string().trim().max(200).optional(),
  ...pageParams,
});

export const tagItem = z.object({
  tag_name: z
    .string({ error: (iss) => (iss.input === undefined ? "is required." : "must be a string.") })
    .trim()
    .min(1, "must not be empty.")
    .max(100, "must be at most 100 characters."),
  value: z.string().max(500).nullable().optional(),
});

export const templateTagsBody = z.object({
  tags: z
    .array(tagItem, { error: (iss) => (iss.input === undefined ? "is required." : "must be an array of {tag_name, value}.") })
    .max(50, "must list at most 50 tags."),
});

export const deleteTemplateTagParams = z.object({
  tag: z
    .string({ error: (iss) => (iss.input === undefined ? "is required." : "must be a string.") })
    .trim()
    .min(1, "must not be empty."),
});

/** Response of the four tag operations (not shown in the spec): the template's tags after the call. */
export const templateTagsResponse = z.object({
  tags: z.array(z.object({ tag_name: z.string(), value: z.string().nullable() })),
});

import { z } from "zod";
import { catalog, tagsObject, timestamp } from "./common";
import { pinValue, tagsBody } from "./documents";

// Requests that send documents: from a template (spec 4.4) and one-off
// sending requests (spec 4.6). One schema per operation, with the v1/v2
// differences of spec 9 as a parameter.

const requiredError = (what: string) => ({
  error: (iss: { input: unknown }) => (iss.input === undefined ? "is required." : `must be ${what}.`),
});

/** JSON booleans, and the strings "true"/"false" that form-minded clients send. */
export const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])], { error: "must be true or false." })
  .transform((v) => v === true || v === "true" || v === "1");

const text = (max: number) => z.string(requiredError("a string")).max(max, `must be at most ${max} characters.`);

export const expiresIn = z.coerce
  .number(requiredError("an integer between 1 and 365"))
  .int("must be an integer between 1 and 365.")
  .min(1, "must be an integer between 1 and 365.")
  .max(365, "must be an integer between 1 and 365.");

export const sharedWithList = z
  .array(z.unknown(), requiredError("an array of e-mail addresses"))
  .max(100, "must list at most 100 addresses.")
  .transform((list, ctx) => {
    const out: string[] = [];
    for (const item of list) {
      if (typeof item !== "string" || !z.email().safeParse(item.trim()).success) {
        ctx.addIssue({ code: "custom", message: "shared_with contains invalid email address", ...catalog("sharedWithInvalidEmail") });
        return z.NEVER;
      }
      const email = item.trim().toLowerCase();
      if (!out.includes(email)) out.push(email);
    }
    return out;
  });

const optionalEmail = z
  .string("must be an e-mail address.")
  .trim()
  .transform((v, ctx) => {
    if (v === "") return "";
    if (!z.email().safeParse(v).success) {
      ctx.addIssue({ code: "custom", message: "must be an e-mail address." });
      return z.NEVER;
    }
    return v.toLowerCase();
  });

const httpUrl = z
  .string("must be a URL.")
  .trim()
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), "must start with http:// or https://.");

/** Spec 4.4.1. */
export const roleItem = z.object({
  name: z.string(requiredError("a string")).trim().min(1, "must not be empty."),
  signer_name: text(200).trim().optional(),
  signer_email: optionalEmail.optional(),
  signer_omitted: flag.optional(),
  is_sender: flag.optional(),
  message: text(5000).optional(),
});
export type RoleItem = z.output<typeof roleItem>;

const rolesList = z.array(roleItem, requiredError("an array of roles")).min(1, "must name at least one role.").max(50);

/** Spec 4.4.2; in v1 `id` is required and `name` is not part of the contract (spec 9). */
const mergeFieldValue = (version: "v1" | "v2") =>
  z.object({
    id: version === "v1" ? z.string(requiredError("a string")).min(1) : z.string().min(1).optional(),
    name: version === "v1" ? z.undefined().optional().catch(undefined) : z.string().min(1).optional(),
    value: z.union([z.string(), z.number()], requiredError("a string")).transform(String),
  });

const common = (version: "v1" | "v2") => ({
  shared_with: sharedWithList.optional(),
  message: text(5000).optional(),
  callback_url: httpUrl.optional(),
  roles: rolesList,
  expires_in: expiresIn,
  pin: pinValue.optional(),
  tags: tagsBody.optional(),
  merge_field_identifier: version === "v1" ? z.undefined().optional().catch(undefined) : z.enum(["id", "name"]).optional(),
  merge_field_values: z.array(mergeFieldValue(version)).max(500).optional(),
  kba: flag.optional(),
});

export const sendDocumentBody = (version: "v1" | "v2") =>
  z.object({
    ...common(version),
    name: text(500).trim().min(1, "must not be empty."),
    in_person: flag.optional(),
  });
export type SendDocumentBody = z.output<ReturnType<typeof sendDocumentBody>>;

/** Embed size errors are the spec's own messages; a missing size is a plain bad input. */
const embedSize = (min: number, code: "embedWidth" | "embedHeight", message: string) =>
  z.coerce
    .number(requiredError(`an integer of at least ${min}`))
    .int(`must be an integer of at least ${min}.`)
    .refine((n) => n >= min, { message, ...catalog(code) });

export const embedDocumentBody = (version: "v1" | "v2") =>
  z.object({
    ...common(version),
    name: text(500).trim().min(1, "must not be empty."),
    roles: z
      .array(
        roleItem.extend({
          signer_name: z.string().trim().optional(),
        }),
        requiredError("an array of roles"),
      )
      .min(1, "must name at least one role.")
      .max(50)
      .superRefine((roles, ctx) => {
        if (roles.some((r) => !r.signer_name)) {
          ctx.addIssue({ code: "custom", message: "Signer Name is required", ...catalog("signerNameRequired") });
        }
      }),
    api_embed_width: embedSize(706, "embedWidth", "Embed width should be 706 or greater"),
    api_embed_height: embedSize(500, "embedHeight", "Embed height should be 500 or greater"),
  });
export type EmbedDocumentBody = z.output<ReturnType<typeof embedDocumentBody>>;

export const prepareDocumentBody = (version: "v1" | "v2") =>
  z.object({
    ...common(version),
    name: text(500).trim().optional(),
    redirect_url: httpUrl.optional(),
  });
export type PrepareDocumentBody = z.output<ReturnType<typeof prepareDocumentBody>>;

export const prepareDocumentResponse = z.object({ url: z.string() });

// ---------------------------------------------------------------- sending requests (spec 4.6)

const sendingRole = z.object({
  name: z.string(requiredError("a string")).trim().min(1, "must not be empty."),
  signer_name: z.string(requiredError("a string")).trim().min(1, "must not be empty.").max(200),
  signer_email: z.string(requiredError("an e-mail address")).trim().toLowerCase().pipe(z.email("must be an e-mail address.")),
  is_sender: flag.optional(),
  sequence: z.coerce.number().int("must be an integer of at least 0.").min(0, "must be an integer of at least 0.").optional(),
  message: text(5000).optional(),
});

export const createSendingRequestBody = z.object({
  file: z.object(
    {
      name: z
        .string(requiredError("a file name"))
        .trim()
        .min(1, "must not be empty.")
        .max(255)
        .refine((n) => /\.[A-Za-z0-9]{1,8}$/.test(n), "must be a file name with an extension."),
      source: z.enum(["upload", "remote_file"], { error: 'must be "upload".' }).refine((s) => s === "upload", 'only "upload" is supported.'),
    },
    requiredError("an object"),
  ),
  document: z
    .object(
      {
        name: text(500).trim().min(1, "must not be empty."),
        signer_sequencing: flag,
        personalized_messages: flag.optional(),
        shared_with: sharedWithList.optional(),
        identity_method: z.enum(["email", "none"], { error: 'must be "email" or "none".' }).optional(),
        callback_url: httpUrl.optional(),
        api_embedded: flag.optional(),
        api_embed_width: z.coerce.number().int().optional(),
        api_embed_height: z.coerce.number().int().optional(),
        roles: z.array(sendingRole, requiredError("an array of roles")).min(1, "must name at least one role.").max(50),
        expires_in: expiresIn,
        pin: pinValue.optional(),
        tags: tagsBody.optional(),
        kba: flag.optional(),
      },
      requiredError("an object"),
    )
    .superRefine((doc, ctx) => {
      if (doc.signer_sequencing) {
        doc.roles.forEach((r, i) => {
          if (r.sequence === undefined) {
            ctx.addIssue({ code: "custom", path: ["roles", i, "sequence"], message: "is required when signer_sequencing is true." });
          }
        });
      }
      if (doc.api_embedded) {
        if ((doc.api_embed_width ?? 706) < 706) ctx.addIssue({ code: "custom", message: "Embed width should be 706 or greater", ...catalog("embedWidth") });
        if ((doc.api_embed_height ?? 500) < 500) ctx.addIssue({ code: "custom", message: "Embed height should be 500 or greater", ...catalog("embedHeight") });
      }
    }),
  callback_url: httpUrl.optional(),
});
export type CreateSendingRequestBody = z.output<typeof createSendingRequestBody>;

export const uploadedBody = z.object({ prepare_document: flag.optional() });

export const sendingRequestSchema = z.object({
  id: z.string(),
  status: z.enum(["waiting_for_file", "downloading", "processing", "creating_document", "completed", "errored"]),
  status_message: z.string().nullable(),
  upload_url: z.string().optional(),
  document_template_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  document_preparation_url: z.string().nullable().optional(),
});
export type SendingRequestResource = z.infer<typeof sendingRequestSchema>;

export const sendingRequestEnvelope = z.object({ sending_request: sendingRequestSchema });

export const reminderResponse = z.object({ reminder: z.object({ status: z.literal("sent") }) });

export { tagsObject };

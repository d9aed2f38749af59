import { z } from "zod";

// An archived document (spec 2.5): a record imported from the legacy system
// and answered as-is by GET archived_documents_by_original_guid. Only `name`
// and `original_guid` are required; everything else gets a neutral default so
// that partial legacy exports import cleanly. Unknown keys are dropped.

/** Legacy timestamps are kept as given (the API answers them unchanged), but must parse. */
const timestamp = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), "must be an ISO 8601 timestamp")
  .nullable()
  .default(null);

/** Legacy ids are integers in the spec; some exports write them as strings. */
const legacyInt = z.coerce.number().int().nullable().default(null);

export const archivedSignerSchema = z.object({
  id: z.coerce.string().default(""),
  email: z.string().default(""),
  name: z.string().default(""),
  role_name: z.string().default(""),
  status: z.string().default("signed"),
  message: z.string().default(""),
  sequence: z.number().int().min(0).default(0),
  viewed_at: timestamp,
  signed_at: timestamp,
  document_passcode: z.string().nullable().default(null),
  document_passcode_question: z.string().nullable().default(null),
  dismiss_reminders: z.boolean().default(false),
  legacy_browser_rendered: z.string().default(""),
  "email_bounced?": z.boolean().default(false),
  has_previously_signed: z.boolean().default(false),
  is_current_user: z.boolean().nullable().default(null),
  reminders_remaining: z.number().int().default(0),
});

export const archivedAuditSchema = z.object({
  id: legacyInt,
  payload: z.string().default(""),
  user_id: legacyInt,
  // The spec names `keyword`; other metadata keys are kept.
  metadata: z.looseObject({ keyword: z.string().default("") }).default({ keyword: "" }),
  account_id: legacyInt,
  created_at: timestamp,
  ip_address: z.string().nullable().default(null),
  document_id: legacyInt,
});

export const archivedPageImageSchema = z.object({
  page_number: z.number().int().min(1),
  thumbnail: z.string(),
  original: z.string(),
});

export const archivedDocumentSchema = z.object({
  /** Filled on import when absent. */
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  original_guid: z.string().trim().min(1).max(200),
  // Archived records come from finished workflows; "executed" is the common case.
  document_state: z.string().default("executed"),
  document_sent_at: timestamp,
  document_executed_at: timestamp,
  document_expires_at: timestamp,
  /** Filled with the importing owner's e-mail when absent. */
  sender_email: z.union([z.email(), z.literal("")]).default(""),
  signers: z.array(archivedSignerSchema).default([]),
  signed_pdf_url: z.string().nullable().default(null),
  page_images: z.array(archivedPageImageSchema).default([]),
  tags: z.record(z.string(), z.string().nullable()).default({}),
  image_width: z.number().int().nullable().default(null),
  image_height: z.number().int().nullable().default(null),
  file_attachments: z.array(z.unknown()).default([]),
  cc_parties: z.array(z.unknown()).default([]),
  shared_with: z.array(z.email()).default([]),
  audits: z.array(archivedAuditSchema).default([]),
  /** Always set to the owning user on import. */
  user_id: z.string().optional(),
});

/** A record as the API answers it: id, user_id and sender_email always present. */
export type ArchivedDocument = z.output<typeof archivedDocumentSchema> & {
  id: string;
  user_id: string;
  sender_email: string;
};
export type ArchivedDocumentInput = z.input<typeof archivedDocumentSchema>;

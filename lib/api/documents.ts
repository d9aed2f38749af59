import { z } from "zod";
import { catalog, DOCUMENT_STATES, emailAddress, pagedMeta, pageParams, tagsObject, timestamp } from "./common";

// ---------------------------------------------------------------- responses (spec 2.1, 2.2)

export const recipientSchema = z.object({
  role_name: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: z.string(),
  id: z.string(),
  sign_url: z.string(),
  remind_url: z.string(),
  message: z.string(),
  sequence: z.number().int(),
});

/** Not shown in the spec; the same shape as an archived document's audit entry (docs/api-decisions.md). */
export const auditSchema = z.object({
  id: z.number().int(),
  payload: z.string(),
  user_id: z.string().nullable(),
  metadata: z.object({ keyword: z.string() }),
  account_id: z.string(),
  created_at: timestamp,
  ip_address: z.string().nullable(),
  document_id: z.string(),
});

export const documentSchema = z.object({
  id: z.string(),
  current_signer_id: z.string().nullable(),
  name: z.string(),
  filename: z.string(),
  executed_at: timestamp.nullable(),
  expired_at: timestamp,
  sent_at: timestamp.nullable(),
  state: z.enum(DOCUMENT_STATES),
  kba: z.boolean().optional(),
  thumbnail_url: z.string().nullable(),
  sender: z.object({ id: z.string(), name: z.string(), email: z.string(), signer: z.boolean() }),
  recipients: z.array(recipientSchema),
  audits: z.array(auditSchema),
  page_image_urls: z.array(z.string()),
  signed_pdf_url: z.string().nullable(),
  /**
   * Extension (docs/api-decisions.md, "Long-term signatures"): the PAdES level the executed PDFs are sealed at,
   * "B-B" or (with time-stamping configured) "B-LTA"; null until the signed PDF exists.
   */
  signature_level: z.enum(["B-B", "B-T", "B-LT", "B-LTA"]).nullable(),
  /** Extension (docs/api-decisions.md, "Void reason"): why the document was voided; null unless voided with a reason. */
  void_reason: z.string().nullable(),
  /**
   * Extension (docs/api-decisions.md, "Sorting the documents list"): whether recipients sign in sequence, so a list
   * can tell whom a pending document waits for (only `current_signer_id`, or everyone who has not signed).
   * Optional: another deployment of the API may not send it.
   */
  signer_sequencing: z.boolean().optional(),
  tags: tagsObject,
  merge_field_values: z.array(z.object({ id: z.string(), name: z.string(), value: z.string() })),
  form_fields: z
    .array(z.object({ id: z.string(), name: z.string(), role: z.string(), value: z.string(), page: z.number().int() }))
    .optional(),
  embed_codes: z
    .array(z.object({ embed_code: z.string(), signer_email: z.string().nullable(), signer_role_name: z.string() }))
    .nullable(),
  in_person: z.boolean(),
  shared_with: z.array(z.string()),
  identity_method: z.string(),
  passcode_pin_enabled: z.boolean(),
  original_file_url: z.string(),
  /** Single retrieval only; always a URL (before completion: the certificate as it stands). */
  signature_certificate_url: z.string().optional(),
  merged_document_certificate_url: z.string().optional(),
});
export type DocumentResource = z.infer<typeof documentSchema>;

export const documentEnvelope = z.object({ document: documentSchema });
export const documentListEnvelope = z.object({ documents: z.array(documentSchema), meta: pagedMeta });
export const voidResponse = z.object({ document: z.object({ status: z.string() }) });

// ---------------------------------------------------------------- requests (spec 4.2)

export const listDocumentsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  template_id: z.string().max(100).optional(),
  state: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const states = v.split(",").map((s) => s.trim()).filter(Boolean);
      const unknown = states.find((s) => !(DOCUMENT_STATES as readonly string[]).includes(s));
      if (unknown) {
        ctx.addIssue({ code: "custom", message: `"${unknown}" is not a document state (${DOCUMENT_STATES.join(", ")}).` });
        return z.NEVER;
      }
      return states as (typeof DOCUMENT_STATES)[number][];
    }),
  tags: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = v === undefined ? [] : parseTagsFilter(v);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed.length ? parsed : undefined;
    }),
  // Extension (docs/api-decisions.md, "Sorting the documents list"): absent, the spec's order (newest first) is kept.
  sort: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return "created_at" as const;
      if ((DOCUMENT_SORTS as readonly string[]).includes(v)) return v as DocumentSort;
      ctx.addIssue({ code: "custom", message: `must be one of ${DOCUMENT_SORTS.join(", ")}.` });
      return z.NEVER;
    }),
  direction: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      if (v === "asc" || v === "desc") return v;
      ctx.addIssue({ code: "custom", message: "must be asc or desc." });
      return z.NEVER;
    }),
  ...pageParams,
});
export type ListDocumentsQuery = z.output<typeof listDocumentsQuery>;

/** The list's sort keys (extension parameter `sort`); `expired_at` is the document's expiry, as the JSON names it. */
export const DOCUMENT_SORTS = ["created_at", "sent_at", "expired_at", "name", "state"] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];
export type SortDirection = "asc" | "desc";
/** Without `direction`: dates newest first, name and state A→Z / draft→voided (what a user clicking a header expects first). */
export const defaultDirection = (sort: DocumentSort): SortDirection => (sort === "name" || sort === "state" ? "asc" : "desc");

/** One condition of the tags filter: the tag `key` with exactly `value`, or with any value when `value` is absent. */
export type TagCondition = { key: string; value?: string };

const MAX_TAG_CONDITIONS = 20;

/**
 * The list's `tags` filter (docs/api-decisions.md): comma-separated items, each
 * `name:value` (the tag `name` with that value) or `name` (the tag with any
 * value); a document matches when every item holds. The first ":" splits, so
 * values may contain colons; names and values cannot contain commas. Returns
 * the conditions, or why the text is not a filter.
 */
export function parseTagsFilter(text: string): TagCondition[] | string {
  const items = text.split(",").map((s) => s.trim()).filter(Boolean);
  if (items.length > MAX_TAG_CONDITIONS) return `must name at most ${MAX_TAG_CONDITIONS} tags.`;
  const out: TagCondition[] = [];
  for (const item of items) {
    const colon = item.indexOf(":");
    const key = (colon < 0 ? item : item.slice(0, colon)).trim();
    if (!key) return `"${item}" names no tag (write name or name:value, separated by commas).`;
    if (key.length > 100) return "tag names must be at most 100 characters.";
    if (colon < 0) {
      out.push({ key });
      continue;
    }
    const value = item.slice(colon + 1).trim();
    if (value.length > 500) return "tag values must be at most 500 characters.";
    out.push({ key, value });
  }
  return out;
}

const required = (what: string) => ({
  error: (iss: { input: unknown }) => (iss.input === undefined ? "is required." : `must be ${what}.`),
});

export const shareDocumentBody = z.object({
  shared_with: z
    .array(z.unknown(), required("an array of e-mail addresses"))
    .max(100, "must list at most 100 addresses.")
    .transform((list, ctx) => {
      const out: string[] = [];
      for (const item of list) {
        if (typeof item !== "string" || !emailAddress.safeParse(item.trim()).success) {
          ctx.addIssue({ code: "custom", message: "shared_with contains invalid email address", ...catalog("sharedWithInvalidEmail") });
          return z.NEVER;
        }
        const email = item.trim().toLowerCase();
        if (!out.includes(email)) out.push(email);
      }
      return out;
    }),
});

/** Tags: keys non-empty (else the spec's "Hash contains empty keys"), values string or null. */
export const tagsBody = z
  .record(z.string(), z.union([z.string().max(500), z.null()]), required("an object of tag names to string or null values"))
  .superRefine((value, ctx) => {
    const keys = Object.keys(value);
    if (keys.some((k) => k.trim() === "")) {
      ctx.addIssue({ code: "custom", message: "Hash contains empty keys", ...catalog("hashEmptyKeys") });
    } else if (keys.length > 50) {
      ctx.addIssue({ code: "custom", message: "must have at most 50 tags." });
    } else if (keys.some((k) => k.length > 100)) {
      ctx.addIssue({ code: "custom", message: "tag names must be at most 100 characters." });
    }
  });

export const updateTagsBody = z.object({ tags: tagsBody });

/** A 5-digit PIN, given as a number or a numeric string (the spec's examples send a string). */
export const pinValue = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = typeof v === "number" ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 10000 || n > 99999) {
    ctx.addIssue({ code: "custom", message: "must be an integer between 10000 and 99999." });
    return z.NEVER;
  }
  return String(n);
});

export const updatePinBody = z.object({
  // The spec names "Hash contains empty keys" as update_pin's 422: a missing or empty pin.
  pin: z.unknown().transform((v, ctx): string => {
    if (v === undefined || v === null || v === "") {
      ctx.addIssue({ code: "custom", message: "Hash contains empty keys", ...catalog("hashEmptyKeys") });
      return z.NEVER;
    }
    const parsed = pinValue.safeParse(v);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: parsed.error.issues[0]!.message });
      return z.NEVER;
    }
    return parsed.data;
  }),
});

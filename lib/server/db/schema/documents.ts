import { sql, type SQL } from "drizzle-orm";
import { bigint, boolean, customType, type AnyPgColumn, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts, createdAt, updatedAt, type Tags, type PageInfo, type FieldDefinition, type MergeFieldComponent } from "./columns";
import { accounts, users } from "./accounts";
import { templates } from "./templates";

// ---------------------------------------------------------------- documents

/** A 64-bit transaction id (PostgreSQL 13+), as text: only triggers write and compare it. */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/**
 * The state sort's key: a document's life order (draft, editing, pending, executed, declined, expired,
 * voided). One expression for the list's ORDER BY and its indexes, which must match it exactly.
 */
export const documentStateRank = (state: AnyPgColumn | SQL) =>
  sql`(case ${state} when 'draft' then 0 when 'editing' then 1 when 'pending' then 2 when 'executed' then 3 when 'declined' then 4 when 'expired' then 5 else 6 end)`;

export const documents = pgTable(
  "documents",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    senderUserId: text("sender_user_id")
      .notNull()
      .references(() => users.id),
    templateId: text("template_id").references(() => templates.id),
    name: text("name").notNull(),
    filename: text("filename").notNull(),
    state: text("state").notNull(),
    message: text("message").notNull().default(""),
    kba: boolean("kba").notNull().default(false),
    inPerson: boolean("in_person").notNull().default(false),
    identityMethod: text("identity_method").notNull().default("email"),
    signerSequencing: boolean("signer_sequencing").notNull().default(false),
    /** scrypt hash of the PIN; null when no PIN protects the document. */
    pinHash: text("pin_hash"),
    tags: jsonb("tags").$type<Tags>().notNull().default({}),
    sharedWith: jsonb("shared_with").$type<string[]>().notNull().default([]),
    mergeFieldValues: jsonb("merge_field_values")
      .$type<{ id: string; name: string; value: string }[]>()
      .notNull()
      .default([]),
    fields: jsonb("fields").$type<FieldDefinition[]>().notNull().default([]),
    mergeFields: jsonb("merge_fields").$type<MergeFieldComponent[]>().notNull().default([]),
    redirectUrl: text("redirect_url"),
    callbackUrl: text("callback_url"),
    apiEmbedded: boolean("api_embedded").notNull().default(false),
    embedWidth: integer("embed_width"),
    embedHeight: integer("embed_height"),
    currentSignerId: text("current_signer_id"),
    remindersSent: integer("reminders_sent").notNull().default(0),
    originalFileKey: text("original_file_key").notNull(),
    pages: jsonb("pages").$type<PageInfo[]>().notNull().default([]),
    signedPdfKey: text("signed_pdf_key"),
    /** Page images of the signed PDF (made at completion), shown instead of `pages` once executed. */
    signedPages: jsonb("signed_pages").$type<PageInfo[]>().notNull().default([]),
    certificateKey: text("certificate_key"),
    mergedPdfKey: text("merged_pdf_key"),
    /** SHA-256 (hex) of the files, for the certificate and for /verify. */
    originalSha256: text("original_sha256"),
    signedPdfSha256: text("signed_pdf_sha256"),
    mergedPdfSha256: text("merged_pdf_sha256"),
    /** PAdES baseline level of the sealed files ("B-B", "B-T", "B-LT", "B-LTA"); null until completion. */
    signatureLevel: text("signature_level"),
    /** Why the sender voided it (dashboard or `document[reason]`); told to the signers. */
    voidReason: text("void_reason"),
    /** "Correct and resend": the declined or expired document this draft was made from. */
    correctedFromId: text("corrected_from_id"),
    sentAt: ts("sent_at"),
    expiresAt: ts("expires_at").notNull(),
    executedAt: ts("executed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("documents_sender_idx").on(t.senderUserId, t.createdAt),
    index("documents_template_idx").on(t.templateId),
    index("documents_shared_with_idx").using("gin", t.sharedWith),
    // The tags filter (tags=name:value,name): jsonb containment and key existence.
    index("documents_tags_idx").using("gin", t.tags),
    index("documents_signed_sha_idx").on(t.signedPdfSha256),
    index("documents_merged_sha_idx").on(t.mergedPdfSha256),
    index("documents_pending_expiry_idx").on(t.state, t.expiresAt),
    // Search (list-documents.ts): ILIKE '%…%' on the name and file name through trigrams (pg_trgm).
    index("documents_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("documents_filename_trgm_idx").using("gin", t.filename.op("gin_trgm_ops")),
    // The list's extension sorts (list-documents.ts sortOrder), on the very key expressions: each index is
    // walked forward for one direction (key, then newest first) or backward for the other (all columns
    // reversed). sent_at's key differs per direction (drafts last both ways), hence two; expires_at is
    // nearly unique, so the descending walk of the one index only re-sorts ties; name and state have
    // large ties, so each direction has its own.
    index("documents_sender_sent_asc_idx").on(t.senderUserId, sql`coalesce(${t.sentAt}, 'infinity'::timestamptz)`, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("documents_sender_sent_desc_idx").on(t.senderUserId, sql`coalesce(${t.sentAt}, '-infinity'::timestamptz)`, t.createdAt, t.id),
    index("documents_sender_expires_idx").on(t.senderUserId, t.expiresAt, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("documents_sender_name_asc_idx").on(t.senderUserId, sql`lower(${t.name})`, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("documents_sender_name_desc_idx").on(t.senderUserId, sql`lower(${t.name})`, t.createdAt, t.id),
    index("documents_sender_state_asc_idx").on(t.senderUserId, documentStateRank(t.state), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("documents_sender_state_desc_idx").on(t.senderUserId, documentStateRank(t.state), t.createdAt, t.id),
  ],
);

export const recipients = pgTable(
  "recipients",
  {
    id: text("id").primaryKey(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    roleName: text("role_name").notNull(),
    name: text("name").notNull(),
    email: text("email"),
    status: text("status").notNull().default("pending"),
    message: text("message").notNull().default(""),
    sequence: integer("sequence").notNull(),
    isSender: boolean("is_sender").notNull().default(false),
    omitted: boolean("omitted").notNull().default(false),
    viewedAt: ts("viewed_at"),
    signedAt: ts("signed_at"),
    declinedAt: ts("declined_at"),
    declineReason: text("decline_reason"),
    /** Wrong PINs in a row; 5 lock this signer's link for 15 minutes. */
    pinFailures: integer("pin_failures").notNull().default(0),
    pinLockedUntil: ts("pin_locked_until"),
    /**
     * Bumped when the sender changes this recipient's name or e-mail: the signing token is derived from
     * (id, version), so every earlier link stops working at once while the recipient id stays the same.
     */
    linkVersion: integer("link_version").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("recipients_document_idx").on(t.documentId, t.sequence),
    // Search (list-documents.ts): ILIKE '%…%' on names and e-mails through trigrams (pg_trgm).
    index("recipients_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("recipients_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    // Needs my signature (list-documents-to-sign.ts): recipients by e-mail, case-insensitively.
    index("recipients_email_lower_idx").on(sql`lower(${t.email})`),
  ],
);

export const fieldValues = pgTable(
  "field_values",
  {
    id: serial("id").primaryKey(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    fieldId: text("field_id").notNull(),
    recipientId: text("recipient_id").references(() => recipients.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("field_values_field_key").on(t.documentId, t.fieldId)],
);

export const audits = pgTable(
  "audits",
  {
    id: serial("id").primaryKey(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    userId: text("user_id"),
    recipientId: text("recipient_id"),
    keyword: text("keyword").notNull(),
    payload: text("payload").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    /** Position in the document's chain, from 1; unique per document so the chain cannot fork. */
    seq: integer("seq"),
    /** `hash` of the entry before (null for the first), and SHA-256 of this entry's content and `prevHash`. */
    prevHash: text("prev_hash"),
    hash: text("hash"),
  },
  (t) => [index("audits_document_idx").on(t.documentId, t.id), uniqueIndex("audits_document_seq_key").on(t.documentId, t.seq)],
);

/**
 * How many documents each user sent, per state: the documents list's total without counting the
 * sender's rows on every request (an index-only count of 100,000 documents took ~90 ms). Kept by
 * triggers on documents (migration 0010), never written by the app.
 */
export const documentCounts = pgTable(
  "document_counts",
  {
    senderUserId: text("sender_user_id").notNull(),
    state: text("state").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.senderUserId, t.state] })],
);

/**
 * One row per (e-mail, document) a document is shared with: the documents list's "shared with me"
 * side walked in its order and stopped after a page, and counted from an index, where the GIN index
 * on documents.shared_with gives neither order nor count (every shared row was read for each page).
 * Kept by triggers on documents (migration 0012), never written by the app; its state, sender and
 * creation time follow the document's.
 */
export const documentShares = pgTable(
  "document_shares",
  {
    email: text("email").notNull(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    senderUserId: text("sender_user_id").notNull(),
    state: text("state").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.documentId] }),
    // walked backwards for newest first; state and sender ride along so a page and a count never read the table
    index("document_shares_walk_idx").on(t.email, t.createdAt, t.documentId, t.state, t.senderUserId),
    index("document_shares_document_idx").on(t.documentId),
  ],
);

/**
 * How many documents of each sender, in each state, are shared with each e-mail: the shared side of
 * the documents list's total (with document_counts for the user's own side) read from a few rows,
 * where counting document_shares read one index entry per shared document (the total grew with the
 * account). Kept by triggers on documents (migration 0014), never written by the app.
 */
export const documentShareCounts = pgTable(
  "document_share_counts",
  {
    email: text("email").notNull(),
    senderUserId: text("sender_user_id").notNull(),
    state: text("state").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.senderUserId, t.state] })],
);

/**
 * One row per document: what a search looks in — the name, the file name and each recipient's name and
 * e-mail, lower-cased, one per line — with the sender, state and creation time of the document. A
 * search is one trigram lookup in this narrow table (LIKE on the lower-cased text is exactly ILIKE on
 * each part, as PostgreSQL's ILIKE lower-cases both sides) that also gives the page's order and the
 * total, where four lookups, a union and a primary-key read of the wide document row per match cost
 * ~13 µs a match. Kept by triggers on documents and recipients (migration 0013), never written by the
 * app.
 */
export const documentSearch = pgTable(
  "document_search",
  {
    documentId: text("document_id")
      .primaryKey()
      .references(() => documents.id, { onDelete: "cascade" }),
    senderUserId: text("sender_user_id").notNull(),
    state: text("state").notNull(),
    createdAt: ts("created_at").notNull(),
    text: text("text").notNull(),
  },
  (t) => [
    index("document_search_text_idx").using("gin", t.text.op("gin_trgm_ops")),
    // a text too short for a trigram reads the sender's rows only
    index("document_search_sender_idx").on(t.senderUserId, t.createdAt),
  ],
);

/**
 * A version per sender, raised by every committed change to one of the sender's documents, their
 * recipients, audit entries or field values, or to the sender's name or e-mail: what a cached
 * document answer of the API is checked against before it is served again (lib/server/answer-cache).
 * Raised by deferred triggers (migration 0015) at commit, at most once per transaction and sender,
 * so the row is locked only while the transaction commits; `bumped_by` is that transaction.
 * Never written by the app.
 */
export const documentListVersions = pgTable("document_list_versions", {
  senderUserId: text("sender_user_id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
  bumpedBy: xid8("bumped_by").notNull(),
});

import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts, createdAt, updatedAt, type Tags, type PageInfo, type FieldDefinition, type MergeFieldComponent } from "./columns";
import { accounts, users } from "./accounts";
import { templates } from "./templates";

// ---------------------------------------------------------------- documents

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
  (t) => [index("recipients_document_idx").on(t.documentId, t.sequence)],
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

import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();
const updatedAt = () => ts("updated_at").notNull().defaultNow();

export type Tags = Record<string, string | null>;

export type PageInfo = {
  width: number;
  height: number;
  imageKey: string;
  thumbnailKey: string;
};

export type FieldType = "signature" | "initials" | "text" | "date" | "checkbox";

/** A field placed on a page; positions are fractions (0–1) of the page. */
export type FieldDefinition = {
  id: string;
  type: FieldType;
  role: string;
  name: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
};

export type MergeFieldComponent = {
  id: string;
  name: string;
  type: "text" | "date";
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

export type TemplateRole = {
  name: string;
  sequence: number;
  message: string;
  signer_name: string;
  signer_email: string;
};

// ---------------------------------------------------------------- accounts

export const accounts = pgTable("accounts", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  planKba: boolean("plan_kba").notNull().default(false),
  /** Documents the account may send; null means unlimited. */
  planDocumentLimit: integer("plan_document_limit"),
  planEnabled: boolean("plan_enabled").notNull().default(true),
  /** Key for signing callback requests (Standard Webhooks); stored as given because it must be used, not just compared. */
  callbackSecret: text("callback_secret").notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Always stored lower-case. */
    email: text("email").notNull(),
    company: text("company").notNull().default(""),
    timezone: text("timezone"),
    avatarUrl: text("avatar_url"),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), index("users_account_idx").on(t.accountId)],
);

// ---------------------------------------------------------------- oauth

export const oauthClients = pgTable("oauth_clients", {
  id: text("id").primaryKey(),
  /** Public identifier sent as client_id. */
  clientId: text("client_id").notNull().unique(),
  clientSecretHash: text("client_secret_hash").notNull(),
  name: text("name").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "cascade" }),
  /** The dashboard's own client: consent is implied. */
  firstParty: boolean("first_party").notNull().default(false),
  createdAt: createdAt(),
});

/** Sign-in sessions of the authorization server's own pages (login, consent). */
export const webSessions = pgTable("web_sessions", {
  id: text("id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: ts("expires_at").notNull(),
  createdAt: createdAt(),
});

export const oauthCodes = pgTable("oauth_codes", {
  id: text("id").primaryKey(),
  codeHash: text("code_hash").notNull().unique(),
  clientId: text("client_id")
    .notNull()
    .references(() => oauthClients.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  redirectUri: text("redirect_uri").notNull(),
  scope: text("scope").notNull(),
  codeChallenge: text("code_challenge"),
  codeChallengeMethod: text("code_challenge_method"),
  /** Token family issued from this code, so that a replay can revoke it. */
  familyId: text("family_id").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  createdAt: createdAt(),
});

export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    id: text("id").primaryKey(),
    accessTokenHash: text("access_token_hash").notNull().unique(),
    refreshTokenHash: text("refresh_token_hash").notNull().unique(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    familyId: text("family_id").notNull(),
    expiresAt: ts("expires_at").notNull(),
    refreshExpiresAt: ts("refresh_expires_at").notNull(),
    /** Set when the refresh token was exchanged for a newer one. */
    rotatedAt: ts("rotated_at"),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("oauth_tokens_family_idx").on(t.familyId)],
);

// ---------------------------------------------------------------- templates

export const templates = pgTable(
  "templates",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    creatorUserId: text("creator_user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    filename: text("filename").notNull(),
    expiresIn: integer("expires_in").notNull().default(30),
    signerSequencing: boolean("signer_sequencing").notNull().default(false),
    sharedWith: jsonb("shared_with").$type<string[]>().notNull().default([]),
    distributionMethod: text("distribution_method").notNull().default("email"),
    identityMethod: text("identity_method").notNull().default("email"),
    kba: boolean("kba").notNull().default(false),
    passcode: boolean("passcode").notNull().default(false),
    tags: jsonb("tags").$type<Tags>().notNull().default({}),
    roles: jsonb("roles").$type<TemplateRole[]>().notNull().default([]),
    fields: jsonb("fields").$type<FieldDefinition[]>().notNull().default([]),
    mergeFields: jsonb("merge_fields").$type<MergeFieldComponent[]>().notNull().default([]),
    originalFileKey: text("original_file_key").notNull(),
    pages: jsonb("pages").$type<PageInfo[]>().notNull().default([]),
    deletedAt: ts("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("templates_account_idx").on(t.accountId, t.createdAt)],
);

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
    certificateKey: text("certificate_key"),
    mergedPdfKey: text("merged_pdf_key"),
    /** SHA-256 (hex) of the files, for the certificate and for /verify. */
    originalSha256: text("original_sha256"),
    signedPdfSha256: text("signed_pdf_sha256"),
    mergedPdfSha256: text("merged_pdf_sha256"),
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
  },
  (t) => [index("audits_document_idx").on(t.documentId, t.id)],
);

// ---------------------------------------------------------------- archive

export const archivedDocuments = pgTable(
  "archived_documents",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    originalGuid: text("original_guid").notNull(),
    senderEmail: text("sender_email").notNull(),
    sharedWith: jsonb("shared_with").$type<string[]>().notNull().default([]),
    /** The imported record (spec 2.5) as given by the legacy system. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("archived_documents_guid_key").on(t.accountId, t.originalGuid), index("archived_guid_idx").on(t.originalGuid)],
);

// ---------------------------------------------------------------- sending requests (spec 3.2, 4.6)

/** The validated `document[...]` parameters of a sending request, kept until the file is processed. */
export type SendingRequestDocumentParams = {
  name: string;
  signer_sequencing: boolean;
  personalized_messages: boolean;
  shared_with: string[];
  identity_method: "email" | "none";
  callback_url: string | null;
  api_embedded: boolean;
  api_embed_width: number | null;
  api_embed_height: number | null;
  roles: { name: string; signer_name: string; signer_email: string; is_sender: boolean; sequence: number; message: string }[];
  expires_in: number;
  pin: string | null;
  tags: Tags;
  kba: boolean;
};

export const sendingRequests = pgTable(
  "sending_requests",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("waiting_for_file"),
    statusMessage: text("status_message"),
    fileName: text("file_name").notNull(),
    /** Where the uploaded bytes are; null until the first PUT. */
    fileKey: text("file_key"),
    fileSize: integer("file_size"),
    documentParams: jsonb("document_params").$type<SendingRequestDocumentParams>().notNull(),
    callbackUrl: text("callback_url"),
    prepareDocument: boolean("prepare_document").notNull().default(false),
    /** The document made from the file (answered as document_template_id). */
    documentId: text("document_id"),
    uploadExpiresAt: ts("upload_expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sending_requests_user_idx").on(t.userId, t.createdAt)],
);

// ---------------------------------------------------------------- callbacks (spec 6)

export const callbackDeliveries = pgTable(
  "callback_deliveries",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    documentId: text("document_id"),
    sendingRequestId: text("sending_request_id"),
    url: text("url").notNull(),
    event: text("event").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** pending → delivered | failed (gave up after the last retry). */
    status: text("status").notNull().default("pending"),
    attemptCount: integer("attempt_count").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    nextAttemptAt: ts("next_attempt_at"),
    deliveredAt: ts("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("callback_deliveries_document_idx").on(t.documentId, t.createdAt),
    index("callback_deliveries_account_idx").on(t.accountId, t.createdAt),
  ],
);

export const callbackAttempts = pgTable(
  "callback_attempts",
  {
    id: serial("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => callbackDeliveries.id, { onDelete: "cascade" }),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    responseExcerpt: text("response_excerpt"),
    attemptedAt: createdAt(),
  },
  (t) => [index("callback_attempts_delivery_idx").on(t.deliveryId, t.id)],
);

// ---------------------------------------------------------------- e-mail

export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    documentId: text("document_id"),
    recipientId: text("recipient_id"),
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** stored (kept in the outbox only) | sent (handed to SMTP) | failed. */
    status: text("status").notNull(),
    error: text("error"),
    sentAt: ts("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_account_idx").on(t.accountId, t.createdAt)],
);

// ---------------------------------------------------------------- dashboard (an API client of this service)

/**
 * The dashboard's OAuth tokens, kept server-side (encrypted) and referenced
 * from the next-auth cookie, so the browser never holds them and concurrent
 * requests refresh under one row lock instead of racing the rotation.
 */
export const dashboardSessions = pgTable("dashboard_sessions", {
  id: text("id").primaryKey(),
  /** The API's user id (from /me); the dashboard may point at another deployment. */
  apiUserId: text("api_user_id").notNull(),
  accessTokenEnc: text("access_token_enc").notNull(),
  refreshTokenEnc: text("refresh_token_enc").notNull(),
  expiresAt: ts("expires_at").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

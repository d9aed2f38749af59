import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { ts, createdAt, updatedAt, type Tags } from "./columns";
import { accounts, users } from "./accounts";

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

import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { accounts, users } from "./accounts";

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

import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

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

import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns";

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
    /** Set when the owner proved the address (confirmation link) or an admin made the user; access by e-mail needs it. */
    emailConfirmedAt: ts("email_confirmed_at"),
    /** Which e-mails this user gets as a sender; missing keys take the defaults of lib/server/notifications. */
    notificationSettings: jsonb("notification_settings").$type<Record<string, boolean>>().notNull().default({}),
    /** Storage keys of the user's saved signature and initials (PNG, re-encoded by the server). */
    savedSignatureKey: text("saved_signature_key"),
    savedInitialsKey: text("saved_initials_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), index("users_account_idx").on(t.accountId)],
);

/** Single-use, expiring links that prove a user owns their e-mail address (only the hash is kept). */
export const emailConfirmations = pgTable(
  "email_confirmations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_confirmations_user_idx").on(t.userId)],
);

/**
 * Failed sign-in attempts per key (an account's e-mail or a client address),
 * shared by every instance: each failure past the first few pushes
 * `blockedUntil` further out.
 */
export const authThrottles = pgTable("auth_throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  blockedUntil: ts("blocked_until"),
  updatedAt: updatedAt(),
});

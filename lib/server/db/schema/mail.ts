import { index, pgTable, text } from "drizzle-orm/pg-core";
import { ts, createdAt } from "./columns";
import { accounts } from "./accounts";

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
    /** The user whose action sent it (null for system mail such as sign-up confirmations): the outbox shows users only their own. */
    causedByUserId: text("caused_by_user_id"),
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
  (t) => [index("outbox_account_idx").on(t.accountId, t.createdAt), index("outbox_caused_by_idx").on(t.causedByUserId, t.createdAt)],
);

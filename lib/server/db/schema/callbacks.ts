import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { ts, createdAt } from "./columns";
import { accounts } from "./accounts";

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

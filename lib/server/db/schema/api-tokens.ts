import { bigint, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";
import { users } from "./accounts";

// ---------------------------------------------------------------- private API tokens and rate limits

/**
 * Personal API tokens a user makes in the dashboard settings or with
 * `token:create`: they act for the user with their scopes, wherever an OAuth
 * access token is accepted, and never expire. Only the SHA-256 of the token
 * is kept (it is 256 random bits, like an OAuth token: a slow hash would only
 * cost latency on every request).
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The first characters of the token (`pat_AbCd`), so its owner can tell tokens apart; too few to guess the rest. */
    hint: text("hint").notNull(),
    scope: text("scope").notNull(),
    /** Updated at most once a minute per token (see get-access-token-owner.ts). */
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId)],
);

/**
 * Fixed-window request counters of the API rate limits, shared by every
 * instance. One row per subject (a private token, or an application acting
 * for a user) and bucket (`send:60`, `read:60`…): the row holds the current
 * window and its count, and one upsert per request moves it on (see
 * lib/server/rate-limits/count-request.ts), so the table never grows with time.
 */
export const apiRateCounters = pgTable(
  "api_rate_counters",
  {
    subject: text("subject").notNull(),
    bucket: text("bucket").notNull(),
    /** Unix seconds at which the current window started. */
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.bucket] })],
);

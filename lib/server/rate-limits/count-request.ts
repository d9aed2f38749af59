import "server-only";
import { sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { apiRateCounters } from "@/lib/server/db/schema";
import type { RateRule } from "./rules";

/** What the X-RateLimit-* headers report: the rule closest to refusing. */
export type RateLimitState = {
  limit: number;
  remaining: number;
  /** Unix seconds at which the reported window ends. */
  reset: number;
  /** Seconds until then (Retry-After on a 429). */
  retryAfter: number;
  /** The rule this request went over, if any. */
  exceeded: RateRule | null;
};

/**
 * Counts one request against each of the rules, in one statement: an upsert
 * of one row per rule that starts a new window (count 1) when the stored one
 * is over, else adds one, and answers the counts. The window is taken from
 * the database's clock, so every instance agrees on it; a row's window only
 * moves forward, so an instance whose request arrives late counts it in the
 * current window rather than resetting it. Requests over the limit still
 * count: a client that keeps hammering stays refused until the window ends.
 */
export async function countRequest(db: Db, subject: string, rules: RateRule[]): Promise<RateLimitState> {
  const windowStart = (seconds: number) => sql`(floor(extract(epoch from now()) / ${sql.raw(String(seconds))}))::bigint * ${sql.raw(String(seconds))}`;
  const rows = await db
    .insert(apiRateCounters)
    .values(rules.map((r) => ({ subject, bucket: r.bucket, windowStart: windowStart(r.windowSeconds), count: 1 })))
    .onConflictDoUpdate({
      target: [apiRateCounters.subject, apiRateCounters.bucket],
      set: {
        count: sql`case when excluded.window_start > ${apiRateCounters.windowStart} then 1 else ${apiRateCounters.count} + 1 end`,
        windowStart: sql`greatest(${apiRateCounters.windowStart}, excluded.window_start)`,
      },
    })
    .returning({
      bucket: apiRateCounters.bucket,
      windowStart: apiRateCounters.windowStart,
      count: apiRateCounters.count,
      now: sql<string>`extract(epoch from now())`,
    });

  const states = rules.map((r): RateLimitState => {
    const row = rows.find((x) => x.bucket === r.bucket);
    const count = row?.count ?? 1;
    const now = Number(row?.now ?? Date.now() / 1000);
    const reset = Number(row?.windowStart ?? Math.floor(now / r.windowSeconds) * r.windowSeconds) + r.windowSeconds;
    return {
      limit: r.limit,
      remaining: Math.max(0, r.limit - count),
      reset,
      retryAfter: Math.max(1, Math.ceil(reset - now)),
      exceeded: count > r.limit ? r : null,
    };
  });
  // Over a limit: the one that lasts longest. Otherwise the one with the least left.
  const over = states.filter((s) => s.exceeded).sort((a, b) => b.reset - a.reset)[0];
  return over ?? states.sort((a, b) => a.remaining - b.remaining || b.reset - a.reset)[0]!;
}

/** The 429 for a request over its limit (headers: see rate-limit-headers.ts). */
export function rateLimitedError(state: RateLimitState) {
  return ApiError.rateLimited(state.exceeded!.describe, state.retryAfter);
}

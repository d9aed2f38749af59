import "server-only";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { canSpend, refill, spend } from "./quota-ledger";
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
 * Counts one request against each of the rules. Usually without the
 * database: the request spends a number of this instance's block of each
 * window (quota-ledger.ts); only when a block runs out, or a window ends, is
 * a new one taken, in one statement for all the rules that need it. Requests
 * over one rule's limit still count against the others (an hour's quota goes
 * on being used by a client that hammers past the minute's), and a client
 * that keeps hammering stays refused until the window ends.
 */
export async function countRequest(db: Db, subject: string, rules: RateRule[]): Promise<RateLimitState> {
  for (;;) {
    const stale = rules.filter((r) => !canSpend(subject, r));
    if (!stale.length) break;
    await refill(db, subject, stale);
  }
  // No await from the check above to here: the numbers are taken atomically.
  const states = rules.map((r): RateLimitState => {
    const { number, reset, retryAfter } = spend(subject, r);
    return {
      limit: r.limit,
      remaining: Math.max(0, r.limit - number),
      reset,
      retryAfter,
      exceeded: number > r.limit ? r : null,
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

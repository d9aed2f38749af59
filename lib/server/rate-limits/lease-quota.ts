import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { apiRateCounters } from "@/lib/server/db/schema";
import type { RateRule } from "./rules";

/** What one rule's counter row said after a block was taken from it. */
export type LeasedRow = {
  bucket: string;
  /** Unix seconds (database clock) at which the row's window started. */
  windowStart: number;
  /** The row's count including this block: the block is the numbers count-size+1 … count. */
  count: number;
  /** The database's clock when it answered (Unix seconds). */
  now: number;
};

/**
 * Takes a block of `size` requests from each rule's counter, in one
 * statement: an upsert of one row per rule that starts a new window (count =
 * the block) when the stored one is over, else adds the block. The window is
 * taken from the database's clock, so every instance agrees on it; a row's
 * window only moves forward, so an instance whose statement arrives late
 * counts in the current window rather than resetting it. The counters are
 * shared by every instance: blocks never overlap, so together the instances
 * never hand out more than the limit.
 */
export async function leaseQuota(db: Db, subject: string, blocks: { rule: RateRule; size: number }[]): Promise<LeasedRow[]> {
  const windowStart = (seconds: number) =>
    sql`(floor(extract(epoch from now()) / ${sql.raw(String(seconds))}))::bigint * ${sql.raw(String(seconds))}`;
  const rows = await db
    .insert(apiRateCounters)
    .values(blocks.map(({ rule, size }) => ({ subject, bucket: rule.bucket, windowStart: windowStart(rule.windowSeconds), count: size })))
    .onConflictDoUpdate({
      target: [apiRateCounters.subject, apiRateCounters.bucket],
      set: {
        count: sql`case when excluded.window_start > ${apiRateCounters.windowStart} then excluded.count else ${apiRateCounters.count} + excluded.count end`,
        windowStart: sql`greatest(${apiRateCounters.windowStart}, excluded.window_start)`,
      },
    })
    .returning({
      bucket: apiRateCounters.bucket,
      windowStart: apiRateCounters.windowStart,
      count: apiRateCounters.count,
      now: sql<string>`extract(epoch from now())`,
    });
  return rows.map((r) => ({ bucket: r.bucket, windowStart: Number(r.windowStart), count: r.count, now: Number(r.now) }));
}

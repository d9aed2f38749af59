import "server-only";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { callbackDeliveries } from "@/lib/server/db/schema";
import { dispatchCallbacks } from "./record-callback";

/**
 * Run at worker start. Queues every pending delivery that is due but may have
 * no job: recorded but not queued (a crash between commit and dispatch), or
 * interrupted mid-attempt (its lease has run out). Deliveries waiting for a
 * later retry already have their job in pg-boss's tables. A job queued twice
 * is harmless: deliverCallbacks claims a delivery before sending it.
 * Returns how many were queued.
 */
export async function requeueStalledDeliveries(db: Db): Promise<number> {
  const rows = await db
    .select({ id: callbackDeliveries.id })
    .from(callbackDeliveries)
    .where(
      and(
        eq(callbackDeliveries.status, "pending"),
        or(isNull(callbackDeliveries.nextAttemptAt), lte(callbackDeliveries.nextAttemptAt, sql`now()`)),
      ),
    );
  await dispatchCallbacks(rows.map((r) => r.id));
  return rows.length;
}

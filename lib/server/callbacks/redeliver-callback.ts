import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { callbackDeliveries } from "@/lib/server/db/schema";
import { dispatchCallbacks } from "./record-callback";

export class CallbackDeliveryNotFoundError extends Error {
  constructor(readonly deliveryId: string) {
    super(`Callback delivery ${deliveryId} not found.`);
    this.name = "CallbackDeliveryNotFoundError";
  }
}

/**
 * The dashboard's "Redeliver": sends a delivery of this account again, with a
 * fresh retry schedule (attempt_count restarts at 0). Past attempts stay in
 * callback_attempts, which is the history the delivery log shows. Works for
 * pending, delivered and failed deliveries alike. Not for use in a transaction
 * (it queues the job).
 */
export async function redeliverCallback(db: Db, input: { accountId: string; deliveryId: string }): Promise<void> {
  const [row] = await db
    .update(callbackDeliveries)
    .set({ status: "pending", attemptCount: 0, nextAttemptAt: null, deliveredAt: null })
    .where(and(eq(callbackDeliveries.id, input.deliveryId), eq(callbackDeliveries.accountId, input.accountId)))
    .returning({ id: callbackDeliveries.id });
  if (!row) throw new CallbackDeliveryNotFoundError(input.deliveryId);
  await dispatchCallbacks([row.id]);
}

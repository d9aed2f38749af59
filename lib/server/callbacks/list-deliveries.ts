import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { callbackAttempts, callbackDeliveries } from "@/lib/server/db/schema";

export type CallbackDelivery = typeof callbackDeliveries.$inferSelect;
export type CallbackAttempt = typeof callbackAttempts.$inferSelect;
export type DeliveryWithAttempts = CallbackDelivery & { attempts: CallbackAttempt[] };

/** A document's delivery log for the dashboard: deliveries and their attempts, newest first. */
export async function listDocumentDeliveries(
  db: Db,
  input: { accountId: string; documentId: string },
): Promise<DeliveryWithAttempts[]> {
  const deliveries = await db
    .select()
    .from(callbackDeliveries)
    .where(and(eq(callbackDeliveries.accountId, input.accountId), eq(callbackDeliveries.documentId, input.documentId)))
    .orderBy(desc(callbackDeliveries.createdAt), desc(callbackDeliveries.id));
  if (deliveries.length === 0) return [];
  const attempts = await db
    .select()
    .from(callbackAttempts)
    .where(inArray(callbackAttempts.deliveryId, deliveries.map((d) => d.id)))
    .orderBy(desc(callbackAttempts.id));
  const byDelivery = new Map<string, CallbackAttempt[]>();
  for (const a of attempts) {
    const list = byDelivery.get(a.deliveryId) ?? [];
    list.push(a);
    byDelivery.set(a.deliveryId, list);
  }
  return deliveries.map((d) => ({ ...d, attempts: byDelivery.get(d.id) ?? [] }));
}

import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { callbackDeliveries, documents, sendingRequests } from "@/lib/server/db/schema";
import { hasPlainCredentials, sealCallbackUrl } from "./callback-credentials";

/**
 * Callback URLs stored before credentials were sealed still hold them in plain
 * text. Run at start-up: seals every such value in the four places a callback
 * URL is kept (documents, sending requests and the document parameters they
 * carry, deliveries). Each row is rewritten only if it still holds the value
 * read, so a concurrent writer is never overwritten. Returns how many values
 * were sealed.
 */
export async function resealCallbackCredentials(db: Db): Promise<number> {
  // A scheme, "://", then an "@" before the path: a URL with userinfo (a
  // sealed value starts "sealed-credentials:v1:", which never matches).
  const withUserinfo = (column: unknown) => sql`${column} ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*@'`;
  let count = 0;

  const docs = await db
    .select({ id: documents.id, url: documents.callbackUrl })
    .from(documents)
    .where(withUserinfo(documents.callbackUrl));
  for (const row of docs) {
    if (!row.url || !hasPlainCredentials(row.url)) continue;
    const done = await db
      .update(documents)
      .set({ callbackUrl: sealCallbackUrl(row.url) })
      .where(and(eq(documents.id, row.id), eq(documents.callbackUrl, row.url)))
      .returning({ id: documents.id });
    count += done.length;
  }

  const requests = await db
    .select({ id: sendingRequests.id, url: sendingRequests.callbackUrl })
    .from(sendingRequests)
    .where(withUserinfo(sendingRequests.callbackUrl));
  for (const row of requests) {
    if (!row.url || !hasPlainCredentials(row.url)) continue;
    const done = await db
      .update(sendingRequests)
      .set({ callbackUrl: sealCallbackUrl(row.url) })
      .where(and(eq(sendingRequests.id, row.id), eq(sendingRequests.callbackUrl, row.url)))
      .returning({ id: sendingRequests.id });
    count += done.length;
  }

  const paramUrl = sql<string | null>`${sendingRequests.documentParams}->>'callback_url'`;
  const params = await db
    .select({ id: sendingRequests.id, url: paramUrl })
    .from(sendingRequests)
    .where(withUserinfo(paramUrl));
  for (const row of params) {
    if (!row.url || !hasPlainCredentials(row.url)) continue;
    const sealed = sealCallbackUrl(row.url);
    const done = await db
      .update(sendingRequests)
      .set({ documentParams: sql`jsonb_set(${sendingRequests.documentParams}, '{callback_url}', to_jsonb(${sealed}::text))` })
      .where(and(eq(sendingRequests.id, row.id), sql`${paramUrl} = ${row.url}`))
      .returning({ id: sendingRequests.id });
    count += done.length;
  }

  const deliveries = await db
    .select({ id: callbackDeliveries.id, url: callbackDeliveries.url })
    .from(callbackDeliveries)
    .where(withUserinfo(callbackDeliveries.url));
  for (const row of deliveries) {
    if (!hasPlainCredentials(row.url)) continue;
    const done = await db
      .update(callbackDeliveries)
      .set({ url: sealCallbackUrl(row.url) })
      .where(and(eq(callbackDeliveries.id, row.id), eq(callbackDeliveries.url, row.url)))
      .returning({ id: callbackDeliveries.id });
    count += done.length;
  }
  return count;
}

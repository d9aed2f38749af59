import "server-only";
import { apiTime, apiTimeOrNull } from "@/lib/api/time";
import type { Db } from "@/lib/server/db/client";
import type { users } from "@/lib/server/db/schema";
import { displayCallbackUrl } from "@/lib/server/callbacks/callback-credentials";
import { listDocumentDeliveries } from "@/lib/server/callbacks/list-deliveries";
import { getAccessibleDocumentOrThrow } from "@/lib/server/documents/document-access";

/** The callback delivery log of a document the caller may see. */
export async function getDocumentDeliveries(db: Db, user: typeof users.$inferSelect, documentId: string) {
  const doc = await getAccessibleDocumentOrThrow(db, user, documentId);
  const deliveries = await listDocumentDeliveries(db, { accountId: doc.accountId, documentId: doc.id });
  return {
    deliveries: deliveries.map((d) => ({
      id: d.id,
      event: d.event,
      url: displayCallbackUrl(d.url), // never credentials, sealed or not, nor a hint of them
      status: d.status,
      payload: d.payload,
      attempt_count: d.attemptCount,
      next_attempt_at: apiTimeOrNull(d.nextAttemptAt),
      delivered_at: apiTimeOrNull(d.deliveredAt),
      created_at: apiTime(d.createdAt),
      attempts: d.attempts.map((a) => ({
        status_code: a.statusCode,
        duration_ms: a.durationMs,
        error: a.error,
        response_excerpt: a.responseExcerpt,
        attempted_at: apiTime(a.attemptedAt),
      })),
    })),
  };
}

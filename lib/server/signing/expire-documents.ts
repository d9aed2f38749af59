import "server-only";
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { documents, recipients } from "@/lib/server/db/schema";
import { appendAudits } from "@/lib/server/documents/record-audit";
import { notifySender } from "@/lib/server/notifications/notify-sender";
import { dispatchSideEffects } from "@/lib/server/sending/after-commit";

/**
 * The scheduled expire-documents job: pending documents past their expiry
 * become `expired`. Spec 6.1 has no `expired` callback event, so only the
 * audit trail records it, and the sender is e-mailed (in the same
 * transaction: a document expires, and its sender hears of it, once).
 */
export async function expireDocuments(db: Db, now = new Date()) {
  const { count, emailIds } = await db.transaction(async (tx) => {
    const expired = await tx
      .update(documents)
      .set({ state: "expired", currentSignerId: null, updatedAt: now })
      .where(and(eq(documents.state, "pending"), lt(documents.expiresAt, now)))
      .returning({ id: documents.id, accountId: documents.accountId, expiresAt: documents.expiresAt, name: documents.name, senderUserId: documents.senderUserId });
    if (!expired.length) return { count: 0, emailIds: [] };
    await appendAudits(
      tx,
      expired.map((d) => ({
        documentId: d.id,
        accountId: d.accountId,
        keyword: "expired",
        payload: `The document expired on ${d.expiresAt.toUTCString()} before every signer had signed.`,
        createdAt: now,
      })),
    );
    const people = await tx
      .select()
      .from(recipients)
      .where(inArray(recipients.documentId, expired.map((d) => d.id)))
      .orderBy(asc(recipients.sequence));
    const emailIds: string[] = [];
    for (const d of expired) {
      const own = people.filter((p) => p.documentId === d.id);
      emailIds.push(...(await notifySender(tx, d, { event: "expired", expiredAt: d.expiresAt, people: own })));
    }
    return { count: expired.length, emailIds };
  });
  await dispatchSideEffects({ emailIds, callbackIds: [] });
  return count;
}

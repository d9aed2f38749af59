import "server-only";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { documents } from "@/lib/server/db/schema";
import { appendAudits } from "@/lib/server/documents/record-audit";

/**
 * The scheduled expire-documents job: pending documents past their expiry
 * become `expired`. Spec 6.1 has no `expired` callback event, so only the
 * audit trail records it.
 */
export async function expireDocuments(db: Db, now = new Date()) {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(documents)
      .set({ state: "expired", currentSignerId: null, updatedAt: now })
      .where(and(eq(documents.state, "pending"), lt(documents.expiresAt, now)))
      .returning({ id: documents.id, accountId: documents.accountId, expiresAt: documents.expiresAt });
    if (expired.length) {
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
    }
    return expired.length;
  });
}

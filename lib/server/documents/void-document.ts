import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { documents, type users } from "@/lib/server/db/schema";
import { recordDocumentCallback } from "@/lib/server/callbacks/record-callback";
import { notifySignersOfVoid } from "@/lib/server/notifications/notify-signers-of-void";
import { dispatchSideEffects } from "@/lib/server/sending/after-commit";
import { getAccessibleDocumentOrThrow } from "./document-access";
import { recordAudit, type AuditInput } from "./record-audit";

const VOIDABLE = ["draft", "pending"];

/**
 * Spec 3.1: draft or pending → voided (with the `voided` callback); anything
 * else is refused unchanged. The optional reason (an extension,
 * docs/api-decisions.md "Void reason") is stored, written into the audit
 * entry and e-mailed to the signers who were asked to sign, all in the
 * transaction of the state change.
 */
export async function voidDocument(
  db: Db,
  user: typeof users.$inferSelect,
  id: string,
  origin: Pick<AuditInput, "ipAddress" | "userAgent"> = {},
  reason?: string | null,
) {
  const doc = await getAccessibleDocumentOrThrow(db, user, id);
  const why = reason?.trim() || null;
  const effects = await db.transaction(async (tx) => {
    // The state check is part of the update so a concurrent signing or second void cannot slip between.
    const [voided] = await tx
      .update(documents)
      .set({ state: "voided", voidReason: why, updatedAt: new Date() })
      .where(and(eq(documents.id, doc.id), inArray(documents.state, VOIDABLE)))
      .returning();
    if (!voided) throw new ApiError("cannotVoid");
    const { emailIds, told } = await notifySignersOfVoid(tx, voided, user, why);
    // One entry says who voided it, why, and who was told (the timeline's "signers notified").
    await recordAudit(tx, {
      documentId: doc.id,
      accountId: doc.accountId,
      userId: user.id,
      keyword: "voided",
      payload:
        `${user.name} (${user.email}) voided the document${why ? `: "${why}"` : "."}` +
        (told.length ? ` Signers e-mailed: ${told.join(", ")}.` : ""),
      ...origin,
    });
    const callbackId = await recordDocumentCallback(tx, { document: voided, event: "voided" });
    return { emailIds, callbackIds: [callbackId] };
  });
  await dispatchSideEffects(effects);
}

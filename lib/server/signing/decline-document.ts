import "server-only";
import { and, eq } from "drizzle-orm";
import type { SigningResult } from "@/lib/api/signing";
import type { Db } from "@/lib/server/db/client";
import { documents, recipients } from "@/lib/server/db/schema";
import { recordDocumentCallback } from "@/lib/server/callbacks/record-callback";
import { recordAudit } from "@/lib/server/documents/record-audit";
import { notifySender } from "@/lib/server/notifications/notify-sender";
import { dispatchSideEffects } from "@/lib/server/sending/after-commit";
import { assertCanSignNow, type SignerContext } from "./signer-context";
import { SigningError } from "./signing-error";

/** A signer declines with a reason: the document ends `declined` for everyone. */
export async function declineDocument(
  db: Db,
  ctx: SignerContext,
  reason: string,
  origin: { ipAddress: string | null; userAgent: string | null },
): Promise<SigningResult> {
  assertCanSignNow(ctx);
  const now = new Date();
  const { doc, effects } = await db.transaction(async (tx) => {
    const [declined] = await tx
      .update(recipients)
      .set({ status: "declined", declinedAt: now, declineReason: reason })
      // Same link version as checked: a link the sender re-issued meanwhile (edit-recipient.ts) no longer declines.
      .where(and(eq(recipients.id, ctx.signer.id), eq(recipients.status, "pending"), eq(recipients.linkVersion, ctx.signer.linkVersion)))
      .returning();
    if (!declined) {
      const [now] = await tx.select({ linkVersion: recipients.linkVersion }).from(recipients).where(eq(recipients.id, ctx.signer.id));
      if (now?.linkVersion !== ctx.signer.linkVersion) throw SigningError.invalidLink();
      throw new SigningError(409, "You have already answered this document.");
    }
    const [doc] = await tx
      .update(documents)
      .set({ state: "declined", currentSignerId: null, updatedAt: now })
      .where(and(eq(documents.id, ctx.doc.id), eq(documents.state, "pending")))
      .returning();
    if (!doc) throw SigningError.closed(ctx.doc.state);
    await recordAudit(tx, {
      documentId: doc.id,
      accountId: doc.accountId,
      recipientId: ctx.signer.id,
      keyword: "declined",
      payload: `${ctx.signer.name}${ctx.signer.email ? ` (${ctx.signer.email})` : ""} declined to sign: "${reason}"`,
      ...origin,
    });
    const emailIds = await notifySender(tx, doc, { event: "declined", signer: declined, reason });
    return { doc, effects: { emailIds, callbackIds: [await recordDocumentCallback(tx, { document: doc, event: "declined" })] } };
  });
  await dispatchSideEffects(effects);
  return { state: doc.state, redirectUrl: doc.apiEmbedded ? null : doc.redirectUrl, nextSignerUrl: null };
}

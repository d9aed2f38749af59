import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { documents, recipients, type users } from "@/lib/server/db/schema";
import { recordAudit, type AuditInput } from "@/lib/server/documents/record-audit";
import { queueEmail } from "@/lib/server/mail/queue-email";
import { reminderEmail } from "@/lib/server/mail/compose";
import { signUrl } from "@/lib/server/signing/signer-token";
import { dispatchSideEffects } from "./after-commit";
import { signerMessage } from "./signer-message";

export const REMINDER_LIMIT = 30;

/**
 * Spec 4.7: only the sender, only while pending, at most 30 per document.
 * The limit is enforced by the UPDATE itself, so 50 concurrent requests
 * still send at most 30.
 */
export async function sendReminder(
  db: Db,
  user: typeof users.$inferSelect,
  signerId: string,
  origin: Pick<AuditInput, "ipAddress" | "userAgent"> = {},
) {
  const [row] = await db
    .select({ signer: recipients, doc: documents })
    .from(recipients)
    .innerJoin(documents, eq(documents.id, recipients.documentId))
    .where(eq(recipients.id, signerId))
    .limit(1);
  if (!row) throw new ApiError("notFound");
  const { signer, doc } = row;
  if (doc.senderUserId !== user.id) throw new ApiError("notDocumentSender");
  if (doc.state !== "pending") throw new ApiError("documentNotPending");
  if (signer.status !== "pending" || signer.omitted) {
    throw ApiError.badInput("id", `the signer's status is "${signer.status}"; only signers who have not signed can be reminded.`);
  }
  if (doc.signerSequencing && doc.currentSignerId !== signer.id) {
    throw ApiError.badInput("id", "it is not this signer's turn yet (the document is signed in sequence).");
  }
  if (!signer.email) throw ApiError.badInput("id", "the signer has no e-mail address to send a reminder to.");

  const emailIds = await db.transaction(async (tx) => {
    const [counted] = await tx
      .update(documents)
      .set({ remindersSent: sql`${documents.remindersSent} + 1` })
      .where(and(eq(documents.id, doc.id), eq(documents.state, "pending"), lt(documents.remindersSent, REMINDER_LIMIT)))
      .returning({ state: documents.state });
    if (!counted) {
      const [now] = await tx.select({ state: documents.state }).from(documents).where(eq(documents.id, doc.id));
      throw new ApiError(now?.state === "pending" ? "reminderThreshold" : "documentNotPending");
    }
    const email = await queueEmail(tx, {
      accountId: doc.accountId,
      documentId: doc.id,
      recipientId: signer.id,
      causedByUserId: user.id,
      kind: "reminder",
      to: signer.email!,
      ...reminderEmail({
        documentName: doc.name,
        senderName: user.name,
        recipientName: signer.name,
        message: signerMessage(doc.message, signer.message),
        signUrl: signUrl(signer),
        expiresAt: doc.expiresAt,
      }),
    });
    await recordAudit(tx, {
      documentId: doc.id,
      accountId: doc.accountId,
      userId: user.id,
      recipientId: signer.id,
      keyword: "reminder_sent",
      payload: `${user.name} sent a reminder to ${signer.name} (${signer.email}).`,
      ...origin,
    });
    return email.needsDelivery ? [email.id] : [];
  });
  await dispatchSideEffects({ emailIds, callbackIds: [] });
  return { reminder: { status: "sent" as const } };
}

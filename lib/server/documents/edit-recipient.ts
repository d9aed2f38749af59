import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { EditedRecipient, EditRecipientBody } from "@/lib/api/document-actions";
import type { Db } from "@/lib/server/db/client";
import { recipients, type users } from "@/lib/server/db/schema";
import { dispatchSideEffects } from "@/lib/server/sending/after-commit";
import { queueSigningRequests, signersToNotify } from "@/lib/server/sending/queue-signing-requests";
import { appendAudits, type AuditInput } from "./record-audit";
import { lockSentDocumentOrThrow } from "./lock-sent-document";

const person = (name: string, email: string | null) => (email ? `${name} (${email})` : name);

/**
 * The sender corrects a pending recipient's name or e-mail address (a typo,
 * or someone else signs for that role). The recipient keeps its id (the
 * document's fields and turn stay theirs), but its link version goes up, so
 * every link sent before stops working (signer-token.ts), and a new
 * invitation goes to the new address when it is their turn. Runs under the
 * document's row lock, the one signing takes: an edit and a signature of the
 * same recipient cannot interleave.
 */
export async function editRecipient(
  db: Db,
  user: typeof users.$inferSelect,
  documentId: string,
  recipientId: string,
  input: EditRecipientBody,
  origin: Pick<AuditInput, "ipAddress" | "userAgent"> = {},
): Promise<EditedRecipient> {
  // Addresses are kept lower-case, as every document is created (clone-template-to-document.ts).
  const wanted = { name: input.name, email: input.email.toLowerCase() };
  const outcome = await db.transaction(async (tx) => {
    const doc = await lockSentDocumentOrThrow(tx, user, documentId);
    if (doc.state !== "pending") throw new ApiError("documentNotPending");
    const people = await tx.select().from(recipients).where(eq(recipients.documentId, documentId)).orderBy(asc(recipients.sequence));
    const before = people.find((p) => p.id === recipientId);
    if (!before) throw ApiError.badInput("recipient_id", "the document has no such recipient.");
    if (before.status !== "pending" || before.omitted) {
      throw ApiError.badInput("recipient_id", `the recipient has ${before.omitted ? "been omitted" : `already ${before.status}`}; only recipients who have not signed can be changed.`);
    }
    if (before.isSender) throw ApiError.badInput("recipient_id", "the sender signs this role as themselves; it cannot be given to someone else.");
    if (before.name === wanted.name && before.email === wanted.email) {
      return { recipient: { id: before.id, name: before.name, email: before.email, changed: false, invited: false }, emailIds: [] };
    }

    // A new person: what the old link did (views, PIN attempts) was not theirs.
    const [after] = await tx
      .update(recipients)
      .set({ ...wanted, linkVersion: sql`${recipients.linkVersion} + 1`, viewedAt: null, pinFailures: 0, pinLockedUntil: null })
      .where(and(eq(recipients.id, recipientId), eq(recipients.status, "pending")))
      .returning();
    if (!after) throw ApiError.badInput("recipient_id", "the recipient has already answered.");
    await appendAudits(tx, [
      {
        documentId,
        accountId: doc.accountId,
        userId: user.id,
        recipientId,
        keyword: "recipient_edited",
        payload: `${user.name} changed the ${before.roleName} signer from ${person(before.name, before.email)} to ${person(after.name, after.email)}; the earlier signing link no longer works.`,
        ...origin,
      },
    ]);
    // Only this recipient, and only when they are asked to sign now (their turn, sent by e-mail).
    // (Without SMTP the message is only written to the outbox, no delivery id comes back: invited all the same.)
    const invited = signersToNotify(doc, [after]).length > 0;
    const emailIds = await queueSigningRequests(tx, doc, [after], user);
    return { recipient: { id: after.id, name: after.name, email: after.email, changed: true, invited }, emailIds };
  });
  await dispatchSideEffects({ emailIds: outcome.emailIds, callbackIds: [] });
  return outcome.recipient;
}


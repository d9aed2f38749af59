import "server-only";
import type { Db } from "@/lib/server/db/client";
import type { documents, recipients } from "@/lib/server/db/schema";
import { queueEmail } from "@/lib/server/mail/queue-email";
import { signingRequestEmail } from "@/lib/server/mail/compose";
import { signUrl } from "@/lib/server/signing/signer-token";
import { signerMessage } from "./signer-message";

type Recipient = typeof recipients.$inferSelect;

/**
 * Who is asked to sign now: with sequencing only the current signer, else
 * every signer still to sign. Embedded and in-person documents are signed
 * inside the sender's application or on the sender's device, so nobody is
 * e-mailed.
 */
export function signersToNotify(doc: typeof documents.$inferSelect, people: Recipient[]) {
  if (doc.apiEmbedded || doc.inPerson) return [];
  const waiting = people.filter((r) => r.status === "pending" && !r.omitted && r.email);
  return doc.signerSequencing ? waiting.filter((r) => r.id === doc.currentSignerId) : waiting;
}

/** Writes the signing-request e-mails to the outbox; answers the ids whose delivery must be queued. */
export async function queueSigningRequests(
  db: Db,
  doc: typeof documents.$inferSelect,
  people: Recipient[],
  sender: { id: string; name: string },
): Promise<string[]> {
  const ids: string[] = [];
  for (const r of signersToNotify(doc, people)) {
    const email = await queueEmail(db, {
      accountId: doc.accountId,
      documentId: doc.id,
      recipientId: r.id,
      causedByUserId: sender.id,
      kind: "signing_request",
      to: r.email!,
      ...signingRequestEmail({
        documentName: doc.name,
        senderName: sender.name,
        recipientName: r.name,
        message: signerMessage(doc.message, r.message),
        signUrl: signUrl(r),
        expiresAt: doc.expiresAt,
      }),
    });
    if (email.needsDelivery) ids.push(email.id);
  }
  return ids;
}

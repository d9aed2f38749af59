import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { outboxEmails, recipients, type documents } from "@/lib/server/db/schema";
import { documentVoidedEmail } from "@/lib/server/mail/notification-emails";
import { queueEmail } from "@/lib/server/mail/queue-email";

type DocumentRow = Pick<typeof documents.$inferSelect, "id" | "accountId" | "name" | "apiEmbedded" | "inPerson">;

/**
 * A voided document's signers hear of it, with the reason: everyone who was
 * asked to sign (e-mailed a signing request or a reminder, or who already
 * signed) and did not decline. Signers later in a sequence, never asked,
 * are not bothered; the person who voided it is not told about their own
 * action. Runs in the void's transaction (see notifySender); answers the
 * ids whose SMTP delivery the caller queues after its commit, and the names
 * of those told, which the caller writes into its "voided" audit entry.
 */
export async function notifySignersOfVoid(
  db: Db,
  doc: DocumentRow,
  voidedBy: { id: string; name: string; email: string },
  reason: string | null,
): Promise<{ emailIds: string[]; told: string[] }> {
  // Embedded and in-person signers were never e-mailed (queue-signing-requests.ts): their channel is the sender's.
  if (doc.apiEmbedded || doc.inPerson) return { emailIds: [], told: [] };
  const people = await db
    .select()
    .from(recipients)
    .where(eq(recipients.documentId, doc.id))
    .orderBy(asc(recipients.sequence), asc(recipients.createdAt));
  const asked = new Set(
    (
      await db
        .select({ recipientId: outboxEmails.recipientId })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.documentId, doc.id), inArray(outboxEmails.kind, ["signing_request", "reminder"])))
    ).map((r) => r.recipientId),
  );
  const seen = new Set([voidedBy.email.toLowerCase()]);
  const told: string[] = [];
  const ids: string[] = [];
  for (const person of people) {
    if (!person.email || person.omitted || person.status === "declined") continue;
    if (person.status !== "signed" && !asked.has(person.id)) continue;
    const address = person.email.trim().toLowerCase();
    if (seen.has(address)) continue;
    seen.add(address);
    const email = await queueEmail(db, {
      accountId: doc.accountId,
      documentId: doc.id,
      recipientId: person.id,
      causedByUserId: voidedBy.id,
      kind: "voided",
      to: person.email,
      ...documentVoidedEmail({ recipientName: person.name, senderName: voidedBy.name, documentName: doc.name, reason }),
    });
    told.push(person.name);
    if (email.needsDelivery) ids.push(email.id);
  }
  return { emailIds: ids, told };
}

import "server-only";
import { eq } from "drizzle-orm";
import { env } from "@/lib/env";
import type { Db } from "@/lib/server/db/client";
import { users, type documents, type recipients } from "@/lib/server/db/schema";
import { appendAudits } from "@/lib/server/documents/record-audit";
import {
  documentCompletedEmail,
  documentDeclinedEmail,
  documentExpiredEmail,
  documentSignedEmail,
  documentViewedEmail,
} from "@/lib/server/mail/notification-emails";
import type { Message } from "@/lib/server/mail/compose";
import { queueEmail } from "@/lib/server/mail/queue-email";
import { wantsNotification } from "./notification-settings";

type Recipient = Pick<typeof recipients.$inferSelect, "id" | "name" | "email" | "status" | "omitted">;
type DocumentRow = Pick<typeof documents.$inferSelect, "id" | "accountId" | "name" | "senderUserId">;

export type SenderNotice =
  | { event: "viewed"; signer: Recipient; at: Date }
  /** `people`: every recipient as they stand after this signature (for "still to sign"). */
  | { event: "signed"; signer: Recipient; people: Recipient[] }
  | { event: "completed"; downloadUrl: string; linkExpiresAt: Date; signedPdfSha256: string; signerEmails: string[] }
  | { event: "declined"; signer: Recipient; reason: string }
  | { event: "expired"; expiredAt: Date; people: Recipient[] };

/** The audit keyword of every notice (sender's or signers'): the timeline shows it as "notified". */
export const NOTIFIED_KEYWORD = "notified";

/**
 * Tells a document's sender what just happened to it, if their settings
 * want it: the e-mail goes to the outbox and a "notified" entry to the
 * document's audit trail, both on `db` — the caller's transaction, the one
 * that made the change — so the notice exists exactly when the change does,
 * once, however many instances race for it (the caller's conditional update
 * lets only one win). Answers the ids of e-mails whose SMTP delivery the
 * caller queues after its commit.
 *
 * Nobody is told about their own action: a sender who signs their own
 * document is not e-mailed that they signed it.
 */
export async function notifySender(db: Db, doc: DocumentRow, notice: SenderNotice): Promise<string[]> {
  const [sender] = await db
    .select({ id: users.id, name: users.name, email: users.email, settings: users.notificationSettings })
    .from(users)
    .where(eq(users.id, doc.senderUserId))
    .limit(1);
  if (!sender || !wantsNotification(sender.settings, notice.event)) return [];
  const own = (email: string | null | undefined) => !!email && email.trim().toLowerCase() === sender.email.toLowerCase();
  if ("signer" in notice && own(notice.signer.email)) return [];
  // A sender who also signed already gets the signers' "completed" message with the same link.
  if (notice.event === "completed" && notice.signerEmails.some(own)) return [];

  const message = compose(notice, { senderName: sender.name, documentName: doc.name, documentUrl: `${env().APP_URL}/documents/${doc.id}` });
  const email = await queueEmail(db, {
    accountId: doc.accountId,
    documentId: doc.id,
    recipientId: "signer" in notice ? notice.signer.id : null,
    causedByUserId: sender.id,
    // Not the signers' own kinds ("completed" is also the signers' message): the outbox tells them apart.
    kind: `sender_${notice.event}`,
    to: sender.email,
    ...message,
  });
  await appendAudits(db, [
    {
      documentId: doc.id,
      accountId: doc.accountId,
      keyword: NOTIFIED_KEYWORD,
      payload: `${sender.name} (the sender) was e-mailed: ${message.subject}`,
    },
  ]);
  return email.needsDelivery ? [email.id] : [];
}

function compose(notice: SenderNotice, base: { senderName: string; documentName: string; documentUrl: string }): Message {
  const pendingNames = (people: Recipient[]) => people.filter((p) => p.status === "pending" && !p.omitted).map((p) => p.name);
  switch (notice.event) {
    case "viewed":
      return documentViewedEmail({ ...base, signer: notice.signer, at: notice.at });
    case "signed":
      return documentSignedEmail({ ...base, signer: notice.signer, waitingFor: pendingNames(notice.people) });
    case "completed":
      return documentCompletedEmail({ ...base, ...notice });
    case "declined":
      return documentDeclinedEmail({ ...base, signer: notice.signer, reason: notice.reason });
    case "expired":
      return documentExpiredEmail({ ...base, expiredAt: notice.expiredAt, notSigned: pendingNames(notice.people) });
  }
}


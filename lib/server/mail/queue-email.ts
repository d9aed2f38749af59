import "server-only";
import type { Db } from "@/lib/server/db/client";
import { outboxEmails } from "@/lib/server/db/schema";
import { newId } from "@/lib/server/crypto";
import { env } from "@/lib/env";

export type EmailInput = {
  accountId: string;
  documentId?: string | null;
  recipientId?: string | null;
  /**
   * The user whose action this mail reports or carries out (for mail about a
   * document: the user who acted, or its sender when a signer acted); the
   * outbox shows each user only their own.
   */
  causedByUserId: string | null;
  kind:
    | "signing_request"
    | "reminder"
    | "completed"
    | "declined"
    | "voided"
    | "email_confirmation"
    | "signup_attempt"
    // Notices to a document's sender (lib/server/notifications/notify-sender.ts).
    | "sender_viewed"
    | "sender_signed"
    | "sender_completed"
    | "sender_declined"
    | "sender_expired";
  to: string;
  subject: string;
  text: string;
  html: string;
};

/**
 * Every message goes to the outbox table first (the dashboard shows it, and
 * it is all the embedded default does). With SMTP_URL set it is also sent, by
 * the send-email job; the caller enqueues that after its transaction commits.
 */
export async function queueEmail(db: Db, input: EmailInput) {
  const id = newId();
  await db.insert(outboxEmails).values({ id, ...input, status: env().SMTP_URL ? "queued" : "stored" });
  return { id, needsDelivery: !!env().SMTP_URL };
}

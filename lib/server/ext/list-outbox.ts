import "server-only";
import { count, desc, eq } from "drizzle-orm";
import { apiTime, apiTimeOrNull } from "@/lib/api/time";
import type { Db } from "@/lib/server/db/client";
import { outboxEmails, type users } from "@/lib/server/db/schema";
import { hideSigningLinks } from "@/lib/server/signing/hide-signing-links";

/**
 * The e-mails the caller's own actions sent, newest first (the embedded
 * default keeps them only here). Teammates' mail is not listed, and a signing
 * link in a message is shown only when the caller is its recipient: the link
 * is the signer's credential, and the sender already has it from the API.
 */
export async function listOutbox(db: Db, user: typeof users.$inferSelect, page: number, perPage: number) {
  const where = eq(outboxEmails.causedByUserId, user.id);
  const [rows, [total]] = await Promise.all([
    db.select().from(outboxEmails).where(where).orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(outboxEmails).where(where),
  ]);
  const isMine = (to: string) => user.emailConfirmedAt !== null && to.trim().toLowerCase() === user.email;
  return {
    emails: rows.map((e) => ({
      id: e.id,
      kind: e.kind,
      to: e.to,
      subject: e.subject,
      text: isMine(e.to) ? e.text : hideSigningLinks(e.text),
      status: e.status,
      error: e.error,
      document_id: e.documentId,
      created_at: apiTime(e.createdAt),
      sent_at: apiTimeOrNull(e.sentAt),
    })),
    meta: { total_pages: Math.max(1, Math.ceil((total?.n ?? 0) / perPage)) },
  };
}

import "server-only";
import { and, count, desc, eq, gt, or, sql } from "drizzle-orm";
import { apiTime, apiTimeOrNull } from "@/lib/api/time";
import type { DocumentToSign } from "@/lib/api/documents-to-sign";
import type { Db } from "@/lib/server/db/client";
import { documents, recipients, users } from "@/lib/server/db/schema";
import { signUrl } from "@/lib/server/signing/signer-token";

type User = typeof users.$inferSelect;

/**
 * The documents waiting for the user's own signature: a recipient with the
 * user's e-mail who has not signed and whose turn it is (the signer page's
 * rule, signer-context.ts turnOf: pending, not expired, not omitted, and the
 * current signer when signed in sequence). Only a confirmed address counts —
 * anyone can sign up with any address — and then the user is that recipient,
 * so the answer carries their own signing link. Newest sent first.
 *
 * Embedded and in-person documents are left out: their signers sign inside the
 * sender's application or on the host's device, never by a link of their own
 * (they get no invitation e-mail either), so the dashboard must not open
 * another way in.
 *
 * The recipients are found by e-mail, case-insensitively, through
 * recipients_email_lower_idx (migration 0010), which indexes this very
 * expression, lower(email); their documents by primary key.
 */
export async function listDocumentsToSign(db: Db, user: User, page: number, perPage: number): Promise<{ documents: DocumentToSign[]; totalPages: number }> {
  if (user.emailConfirmedAt === null) return { documents: [], totalPages: 1 };
  const where = and(
    sql`lower(${recipients.email}) = ${user.email.toLowerCase()}`,
    eq(recipients.status, "pending"),
    eq(recipients.omitted, false),
    eq(documents.state, "pending"),
    eq(documents.apiEmbedded, false),
    eq(documents.inPerson, false),
    gt(documents.expiresAt, new Date()),
    or(eq(documents.signerSequencing, false), eq(documents.currentSignerId, recipients.id)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ recipient: recipients, doc: documents, sender: { name: users.name, email: users.email } })
      .from(recipients)
      .innerJoin(documents, eq(documents.id, recipients.documentId))
      .innerJoin(users, eq(users.id, documents.senderUserId))
      .where(where)
      .orderBy(desc(documents.sentAt), desc(documents.createdAt), desc(recipients.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(recipients).innerJoin(documents, eq(documents.id, recipients.documentId)).where(where),
  ]);
  return {
    documents: rows.map(({ recipient, doc, sender }) => ({
      id: doc.id,
      name: doc.name,
      sender,
      sent_at: apiTimeOrNull(doc.sentAt),
      expired_at: apiTime(doc.expiresAt),
      signer_id: recipient.id,
      role_name: recipient.roleName,
      sign_url: signUrl(recipient),
    })),
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / perPage)),
  };
}

import "server-only";
import { eq, or, sql, type SQL } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { documents, type users } from "@/lib/server/db/schema";

type User = typeof users.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;

/**
 * Spec 5.6: the sender, or a user whose e-mail the document is shared with.
 * Access by address goes only to a user who proved the address is theirs
 * (users.email_confirmed_at): anyone can sign up with any address.
 */
export const canAccessDocument = (doc: DocumentRow, user: User) =>
  doc.senderUserId === user.id || (user.emailConfirmedAt !== null && doc.sharedWith.includes(user.email));

/** Documents shared with the user's address, for users whose address is confirmed (else: none). */
export const sharedWithUserWhere = (user: User): SQL =>
  user.emailConfirmedAt !== null ? sql`${documents.sharedWith} @> ${JSON.stringify([user.email])}::jsonb` : sql`false`;

/** The same rule as a WHERE clause, for lists. */
export const accessibleDocumentsWhere = (user: User): SQL => or(eq(documents.senderUserId, user.id), sharedWithUserWhere(user))!;

export async function getAccessibleDocumentOrThrow(db: Db, user: User, id: string): Promise<DocumentRow> {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!doc) throw new ApiError("documentNotFound");
  if (!canAccessDocument(doc, user)) throw new ApiError("noDocumentAcl");
  return doc;
}

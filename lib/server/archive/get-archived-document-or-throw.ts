import "server-only";
import { asc, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { archivedDocuments, type users } from "@/lib/server/db/schema";

type User = typeof users.$inferSelect;
type ArchivedRow = typeof archivedDocuments.$inferSelect;

/**
 * Like current documents (spec 5.6): the user it was imported for, its
 * sender, or someone it was shared with. The last two go by e-mail address,
 * so only to a user whose address is confirmed.
 */
const isTied = (row: ArchivedRow, user: User) =>
  row.userId === user.id ||
  (user.emailConfirmedAt !== null && (row.senderEmail === user.email || row.sharedWith.includes(user.email)));

/**
 * Original GUIDs are unique per account, not globally (two legacy systems may
 * reuse one), so the caller's own record wins when several match.
 */
export async function getArchivedDocumentOrThrow(db: Db, user: User, originalGuid: string) {
  const rows = await db
    .select()
    .from(archivedDocuments)
    .where(eq(archivedDocuments.originalGuid, originalGuid))
    .orderBy(asc(archivedDocuments.createdAt));
  if (rows.length === 0) throw new ApiError("archivedDocumentNotFound");
  const row = rows.find((r) => isTied(r, user));
  if (!row) throw new ApiError("noArchivedDocumentAcl");
  return row;
}

/** Spec 2.5: the record as imported, with our id and the importing user. */
export const serializeArchivedDocument = (row: ArchivedRow) => ({
  ...row.data,
  id: row.id,
  original_guid: row.originalGuid,
  user_id: row.userId,
});

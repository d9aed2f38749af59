import "server-only";
import { eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { documents, type users } from "@/lib/server/db/schema";

/**
 * The document, locked for the rest of the caller's transaction, when the
 * user is its sender: the actions of the detail page (edit a recipient,
 * delete a draft) are the sender's alone, never a shared-with user's. The
 * lock is the one the signing flows take (submit-signature.ts), so an edit
 * and a signature of the same document run one after the other.
 */
export async function lockSentDocumentOrThrow(tx: Db, user: typeof users.$inferSelect, id: string) {
  const [doc] = await tx.select().from(documents).where(eq(documents.id, id)).for("update");
  if (!doc) throw new ApiError("documentNotFound");
  if (doc.senderUserId !== user.id) throw new ApiError("notDocumentSender");
  return doc;
}

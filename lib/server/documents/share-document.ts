import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { documents, type users } from "@/lib/server/db/schema";
import { getAccessibleDocumentOrThrow } from "./document-access";
import { recordAudit } from "./record-audit";

/** Replaces the whole share list (spec 4.2). */
export async function shareDocument(db: Db, user: typeof users.$inferSelect, id: string, sharedWith: string[]) {
  const doc = await getAccessibleDocumentOrThrow(db, user, id);
  const [updated] = await db
    .update(documents)
    .set({ sharedWith, updatedAt: new Date() })
    .where(eq(documents.id, doc.id))
    .returning();
  await recordAudit(db, {
    documentId: doc.id,
    accountId: doc.accountId,
    userId: user.id,
    keyword: "shared",
    payload: sharedWith.length
      ? `${user.name} shared the document with ${sharedWith.join(", ")}.`
      : `${user.name} removed everyone from the share list.`,
  });
  return updated!;
}

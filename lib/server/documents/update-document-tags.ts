import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { documents, type Tags, type users } from "@/lib/server/db/schema";
import { getAccessibleDocumentOrThrow } from "./document-access";

/** Replaces all tags (spec 4.2). */
export async function updateDocumentTags(db: Db, user: typeof users.$inferSelect, id: string, tags: Tags) {
  const doc = await getAccessibleDocumentOrThrow(db, user, id);
  const [updated] = await db.update(documents).set({ tags, updatedAt: new Date() }).where(eq(documents.id, doc.id)).returning();
  return updated!;
}

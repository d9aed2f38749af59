import "server-only";
import { and, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { documents, type users } from "@/lib/server/db/schema";
import { getStorage } from "@/lib/server/storage/storage";
import { lockSentDocumentOrThrow } from "./lock-sent-document";
import { log } from "@/lib/server/observability/logger";

/**
 * The sender deletes a draft (never a sent document: that one is voided and
 * keeps its trail). Its recipients, values and audit entries go with the row
 * (foreign keys cascade). Its files are removed at once, after the commit,
 * but only those under its own folder `documents/<id>/` (a one-off upload's):
 * a draft made from a template or by "correct and resend" shares the
 * template's or the original's files, which stay. A file left behind by a
 * crash between the commit and the removal is unreachable (no row points at
 * it) and only costs space.
 */
export async function deleteDraft(db: Db, user: typeof users.$inferSelect, id: string): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const doc = await lockSentDocumentOrThrow(tx, user, id);
    if (doc.state !== "draft") throw ApiError.badInput("id", `the document is ${doc.state}; only drafts can be deleted (void a sent document instead).`);
    const [gone] = await tx.delete(documents).where(and(eq(documents.id, id), eq(documents.state, "draft"))).returning();
    return gone!;
  });
  const own = `documents/${removed.id}/`;
  const keys = [removed.originalFileKey, ...removed.pages.flatMap((p) => [p.imageKey, p.thumbnailKey])].filter((k) => k.startsWith(own));
  const storage = getStorage();
  await Promise.all(keys.map((k) => storage.delete(k).catch((err) => log("delete-draft").warn({ err, key: k }, "could not remove a file"))));
}

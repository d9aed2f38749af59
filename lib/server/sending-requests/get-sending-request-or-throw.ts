import "server-only";
import { eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { isResourceIdForm } from "@/lib/api/ids";
import type { Db } from "@/lib/server/db/client";
import { sendingRequests, type users } from "@/lib/server/db/schema";

/**
 * Spec 4.6 has two not-found messages: the plain one for an address that
 * cannot be an id, the one naming the id for a well-formed id we do not have.
 * Another user's request is "not found" too, so ids do not leak.
 */
export async function getSendingRequestOrThrow(db: Db, user: typeof users.$inferSelect, id: string) {
  if (!isResourceIdForm(id)) throw new ApiError("sendingRequestNotFound");
  const [row] = await db.select().from(sendingRequests).where(eq(sendingRequests.id, id)).limit(1);
  if (!row || row.userId !== user.id) throw ApiError.sendingRequestIdNotFound(id);
  return row;
}

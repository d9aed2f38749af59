import "server-only";
import { and, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { sendingRequests, type users } from "@/lib/server/db/schema";
import { enqueue } from "@/lib/server/jobs/boss";
import { getStorage } from "@/lib/server/storage/storage";
import { getSendingRequestOrThrow } from "./get-sending-request-or-throw";

const setStatus = (db: Db, id: string, from: string, to: string, extra: Partial<typeof sendingRequests.$inferInsert> = {}) =>
  db
    .update(sendingRequests)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(and(eq(sendingRequests.id, id), eq(sendingRequests.status, from)))
    .returning();

/**
 * Spec 4.6 `uploaded`: claims the request (so a second call is "already
 * processed"), checks the upload arrived (`downloading`), then queues
 * processing and answers `processing`.
 */
export async function markUploaded(db: Db, user: typeof users.$inferSelect, id: string, prepareDocument: boolean) {
  const row = await getSendingRequestOrThrow(db, user, id);
  if (row.status !== "waiting_for_file") throw new ApiError("sendingRequestProcessed");
  const [claimed] = await setStatus(db, id, "waiting_for_file", "downloading", { prepareDocument });
  if (!claimed) throw new ApiError("sendingRequestProcessed");

  const file = claimed.fileKey ? await getStorage().get(claimed.fileKey) : null;
  if (!file || file.data.byteLength === 0) {
    await setStatus(db, id, "downloading", "waiting_for_file");
    throw ApiError.badInput("file", "nothing has been uploaded to upload_url yet (PUT the file to it first).");
  }
  const [processing] = await setStatus(db, id, "downloading", "processing");
  await enqueue("process-sending-request", { sendingRequestId: id });
  return processing!;
}

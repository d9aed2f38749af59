import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { sendingRequests } from "@/lib/server/db/schema";
import { getStorage } from "@/lib/server/storage/storage";

export type StoreUploadResult = "stored" | "not_found" | "already_processed";

export const uploadKey = (id: string) => `sending-requests/${id}/upload`;

/**
 * Keeps the uploaded bytes as they came (the type is found from the content
 * later, never from the name). A second PUT before `uploaded` replaces the
 * first; after it, the file can no longer change under the worker.
 */
export async function storeUpload(db: Db, id: string, bytes: Uint8Array): Promise<StoreUploadResult> {
  const [row] = await db.select().from(sendingRequests).where(eq(sendingRequests.id, id)).limit(1);
  if (!row) return "not_found";
  if (row.status !== "waiting_for_file") return "already_processed";
  await getStorage().put(uploadKey(id), bytes, "application/octet-stream");
  const [updated] = await db
    .update(sendingRequests)
    .set({ fileKey: uploadKey(id), fileSize: bytes.byteLength, updatedAt: new Date() })
    .where(and(eq(sendingRequests.id, id), eq(sendingRequests.status, "waiting_for_file")))
    .returning({ id: sendingRequests.id });
  return updated ? "stored" : "already_processed";
}

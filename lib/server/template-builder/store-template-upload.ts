import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { templateUploads } from "@/lib/server/db/schema";
import { getStorage } from "@/lib/server/storage/storage";

export const templateUploadKey = (id: string) => `template-uploads/${id}/upload`;

/** Keeps the bytes as sent; a second PUT replaces them until processing starts. */
export async function storeTemplateUpload(db: Db, id: string, bytes: Uint8Array) {
  const [row] = await db.select({ status: templateUploads.status }).from(templateUploads).where(eq(templateUploads.id, id)).limit(1);
  if (!row) return "not_found" as const;
  if (row.status !== "waiting_for_file") return "already_processed" as const;
  await getStorage().put(templateUploadKey(id), bytes, "application/octet-stream");
  const [updated] = await db
    .update(templateUploads)
    .set({ fileKey: templateUploadKey(id), fileSize: bytes.byteLength, updatedAt: new Date() })
    .where(and(eq(templateUploads.id, id), eq(templateUploads.status, "waiting_for_file")))
    .returning({ id: templateUploads.id });
  return updated ? ("stored" as const) : ("already_processed" as const);
}

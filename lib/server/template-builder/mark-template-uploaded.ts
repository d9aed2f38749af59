import "server-only";
import { and, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { templateUploads, type users } from "@/lib/server/db/schema";
import { enqueue } from "@/lib/server/jobs/boss";
import { getTemplateUploadOrThrow } from "./template-upload-access";

/** The file is there: claim the upload and queue processing (the same pipeline as sending requests). */
export async function markTemplateUploaded(db: Db, user: typeof users.$inferSelect, id: string) {
  const row = await getTemplateUploadOrThrow(db, user, id);
  if (row.status !== "waiting_for_file") throw new ApiError("notFound", "Template upload already processed.");
  if (!row.fileKey || !row.fileSize) {
    throw ApiError.badInput("file", "nothing has been uploaded to upload_url yet (PUT the file to it first).");
  }
  const [claimed] = await db
    .update(templateUploads)
    .set({ status: "processing", updatedAt: new Date() })
    .where(and(eq(templateUploads.id, id), eq(templateUploads.status, "waiting_for_file")))
    .returning();
  if (!claimed) throw new ApiError("notFound", "Template upload already processed.");
  await enqueue("process-template-upload", { templateUploadId: id });
  return claimed;
}

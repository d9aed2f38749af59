import "server-only";
import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { sendingRequests, templateUploads } from "@/lib/server/db/schema";
import { enqueue } from "@/lib/server/jobs/boss";

/**
 * At worker start: requests a crash left mid-way are queued again (the job
 * is idempotent). pg-boss would also retry a job whose heartbeat stopped;
 * doing it here makes a restart pick the work up at once, and covers a crash
 * between `uploaded` committing and its job being queued.
 */
export async function requeueInterruptedSendingRequests(db: Db) {
  const stuck = await db
    .select({ id: sendingRequests.id })
    .from(sendingRequests)
    .where(inArray(sendingRequests.status, ["downloading", "processing", "creating_document"]));
  for (const { id } of stuck) await enqueue("process-sending-request", { sendingRequestId: id });
  // Template uploads go through the same pipeline and are resumed the same way.
  const uploads = await db.select({ id: templateUploads.id }).from(templateUploads).where(inArray(templateUploads.status, ["processing"]));
  for (const { id } of uploads) await enqueue("process-template-upload", { templateUploadId: id });
  return stuck.length + uploads.length;
}

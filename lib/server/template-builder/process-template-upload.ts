import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { templateUploads } from "@/lib/server/db/schema";
import { getStorage } from "@/lib/server/storage/storage";
import { processUpload } from "@/lib/server/processing/process-upload";
import { ProcessingError } from "@/lib/server/processing/processing-error";
import { pagesSoFar } from "@/lib/server/processing/pages-so-far";
import type { JobAttempt } from "@/lib/server/sending-requests/process-sending-request";
import { log } from "@/lib/server/observability/logger";

/**
 * The process-template-upload job: the sending-request pipeline (type check,
 * images to PDF, text tags to fields, page images), with any role a tag
 * names accepted: the builder shows them as the template's roles. Safe to
 * run twice (files go under fixed keys; the update only moves `processing`).
 */
export async function processTemplateUpload(db: Db, id: string, attempt: JobAttempt) {
  const [row] = await db.select().from(templateUploads).where(eq(templateUploads.id, id)).limit(1);
  if (!row || row.status !== "processing") return;
  const finish = (set: Partial<typeof templateUploads.$inferInsert>) =>
    db
      .update(templateUploads)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(templateUploads.id, id), eq(templateUploads.status, "processing")));
  try {
    const upload = row.fileKey ? await getStorage().get(row.fileKey) : null;
    if (!upload) throw new ProcessingError("empty", "The uploaded file could not be found; upload it again.");
    // The pages stored so far are on the row while it is processing, so the builder's address shows page 1 before the last is rendered.
    const progress = pagesSoFar((pages) => finish({ pages }));
    const processed = await processUpload(new Uint8Array(upload.data), {
      roles: "any",
      storagePrefix: `template-uploads/${id}/document`,
      onPage: progress.onPage,
    }).finally(progress.settled);
    await finish({ status: "completed", originalFileKey: processed.originalFileKey, pages: processed.pages, fields: processed.fields });
  } catch (err) {
    if (err instanceof ProcessingError) return void (await finish({ status: "errored", statusMessage: err.message, pages: [] }));
    if (attempt.retryCount >= attempt.retryLimit) {
      log("template-upload").error({ err, templateUploadId: id }, "giving up");
      return void (await finish({ status: "errored", statusMessage: "The file could not be processed because of an error on our side. Please try again.", pages: [] }));
    }
    throw err;
  }
}

import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { TemplateDefinition } from "@/lib/api/template-definition";
import type { Db } from "@/lib/server/db/client";
import { templates, templateUploads, templateVersions, type users } from "@/lib/server/db/schema";
import { newId } from "@/lib/server/crypto";
import { definitionToRows, rowsToDefinition, templateSettingsOf } from "@/lib/server/templates/definition-rows";
import { assertFitsPages } from "./definition-problems";
import { getTemplateUploadOrThrow } from "./template-upload-access";

/**
 * The builder's first save: the processed upload becomes version 1 of a
 * template (its files are reused, not rendered again). The upload is claimed
 * in the same transaction, so a double click makes one template.
 */
export async function createTemplateFromUpload(db: Db, user: typeof users.$inferSelect, uploadId: string, def: TemplateDefinition) {
  const upload = await getTemplateUploadOrThrow(db, user, uploadId);
  if (upload.templateId) throw ApiError.badInput("upload_id", "this upload is already a template.");
  if (upload.status !== "completed" || !upload.originalFileKey) {
    throw ApiError.badInput("upload_id", `the file is not processed yet (status "${upload.status}").`);
  }
  assertFitsPages(def, upload.pages, upload.fields);
  // Fields found from text tags keep the ids the builder was given.
  const rows = definitionToRows(def, { fieldIds: upload.fields.map((f) => f.id) });
  const id = newId();

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(templates)
      .values({
        id,
        accountId: user.accountId,
        creatorUserId: user.id,
        filename: upload.fileName,
        ...templateSettingsOf(def),
        ...rows,
        originalFileKey: upload.originalFileKey!,
        pages: upload.pages,
        version: 1,
      })
      .returning();
    // After the insert (the upload points at the template); a second save of this upload rolls back here.
    const [claimed] = await tx
      .update(templateUploads)
      .set({ templateId: id, updatedAt: new Date() })
      .where(and(eq(templateUploads.id, uploadId), isNull(templateUploads.templateId)))
      .returning({ id: templateUploads.id });
    if (!claimed) throw ApiError.badInput("upload_id", "this upload is already a template.");
    await tx.insert(templateVersions).values({ id: newId(), templateId: id, version: 1, userId: user.id, definition: snapshot(def, rows) });
    return row!;
  });
}

/** What a version row keeps: the definition with the ids it was saved with. */
export const snapshot = (def: TemplateDefinition, rows: ReturnType<typeof definitionToRows>) => ({
  ...def,
  ...rowsToDefinition(rows),
});

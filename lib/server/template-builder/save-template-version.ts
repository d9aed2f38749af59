import "server-only";
import { and, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { TemplateDefinition } from "@/lib/api/template-definition";
import type { Db } from "@/lib/server/db/client";
import { templates, templateVersions, type users } from "@/lib/server/db/schema";
import { newId } from "@/lib/server/crypto";
import { getAccountTemplateOrThrow } from "@/lib/server/templates/template-access";
import { definitionToRows, templateSettingsOf } from "@/lib/server/templates/definition-rows";
import { assertFitsPages } from "./definition-problems";
import { snapshot } from "./create-template-from-upload";

/**
 * Saves the builder's definition as the template's next version. Merge
 * fields and fields keep their ids, so documents sent by id or by name keep
 * working; documents already sent are copies and do not change. Refused when
 * someone saved a newer version since `baseVersion` was loaded.
 */
export async function saveTemplateVersion(
  db: Db,
  user: typeof users.$inferSelect,
  id: string,
  def: TemplateDefinition,
  baseVersion?: number,
) {
  const current = await getAccountTemplateOrThrow(db, user, id);
  if (baseVersion !== undefined && baseVersion !== current.version) {
    throw ApiError.badInput("base_version", `the template was saved as version ${current.version} since you opened version ${baseVersion}; reload it to see the changes.`);
  }
  assertFitsPages(def, current.pages, [...current.fields, ...current.mergeFields]);
  const rows = definitionToRows(def, {
    fieldIds: current.fields.map((f) => f.id),
    mergeFieldIds: current.mergeFields.map((m) => m.id),
  });
  const version = current.version + 1;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(templates)
      .set({ ...templateSettingsOf(def), ...rows, version, updatedAt: new Date() })
      .where(and(eq(templates.id, id), eq(templates.version, current.version)))
      .returning();
    if (!row) throw ApiError.badInput("base_version", "the template was saved by someone else at the same moment; reload it to see the changes.");
    await tx.insert(templateVersions).values({ id: newId(), templateId: id, version, userId: user.id, definition: snapshot(def, rows) });
    return row;
  });
}

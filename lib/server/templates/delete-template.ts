import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { templates, type users } from "@/lib/server/db/schema";
import { getAccountTemplateOrThrow } from "./template-access";

/**
 * Removes a template from use. The row stays (soft delete) because documents
 * already sent from it keep their template_id.
 */
export async function deleteTemplate(db: Db, user: typeof users.$inferSelect, id: string) {
  const template = await getAccountTemplateOrThrow(db, user, id);
  await db.update(templates).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(templates.id, template.id));
}

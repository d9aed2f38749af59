import "server-only";
import { eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { templateUploads, type users } from "@/lib/server/db/schema";

export type TemplateUploadRow = typeof templateUploads.$inferSelect;

/** A template upload is its uploader's until it becomes a template. */
export async function getTemplateUploadOrThrow(db: Db, user: typeof users.$inferSelect, id: string): Promise<TemplateUploadRow> {
  const [row] = await db.select().from(templateUploads).where(eq(templateUploads.id, id)).limit(1);
  if (!row || row.userId !== user.id) throw new ApiError("notFound", "Template upload not found.");
  return row;
}

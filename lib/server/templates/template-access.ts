import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { templates, type users } from "@/lib/server/db/schema";

export type TemplateRow = typeof templates.$inferSelect;

/** Templates belong to an account: every user of that account may use them. */
export async function getAccountTemplateOrThrow(db: Db, user: typeof users.$inferSelect, id: string): Promise<TemplateRow> {
  const [template] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, id), isNull(templates.deletedAt)))
    .limit(1);
  if (!template) throw new ApiError("templateNotFound");
  if (template.accountId !== user.accountId) throw new ApiError("templateWrongAccount");
  return template;
}

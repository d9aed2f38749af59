import "server-only";
import { and, count, desc, eq, ilike, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { templates, users } from "@/lib/server/db/schema";
import { escapeLike } from "@/lib/server/db/escape-like";
import type { TemplateRow } from "./template-access";

/** The account's templates, newest first; `search` matches name and file name. */
export async function listTemplates(
  db: Db,
  user: typeof users.$inferSelect,
  query: { search?: string; per_page: number; page: number },
) {
  const conditions = [eq(templates.accountId, user.accountId), isNull(templates.deletedAt)];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(templates.name, pattern), ilike(templates.filename, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(templates)
      .where(where)
      .orderBy(desc(templates.createdAt), desc(templates.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: count() }).from(templates).where(where),
  ]);
  return {
    templates: await withCreators(db, rows),
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / query.per_page)),
  };
}

export async function withCreators(db: Db, rows: TemplateRow[]) {
  const ids = [...new Set(rows.map((t) => t.creatorUserId))];
  const creators = ids.length
    ? await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids))
    : [];
  const byId = new Map(creators.map((c) => [c.id, { name: c.name, email: c.email }]));
  return rows.map((template) => ({ template, creator: byId.get(template.creatorUserId) ?? { name: "", email: "" } }));
}

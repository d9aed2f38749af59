import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { templates, type Tags, type users } from "@/lib/server/db/schema";
import { getAccountTemplateOrThrow } from "./template-access";

type User = typeof users.$inferSelect;
type TagItem = { tag_name: string; value?: string | null };

const toObject = (items: TagItem[]): Tags => Object.fromEntries(items.map((t) => [t.tag_name, t.value ?? null]));

/** Spec 4.5 responses (not shown there): the tags after the operation, as tag items. */
export const tagItems = (tags: Tags) => ({
  tags: Object.entries(tags).map(([tag_name, value]) => ({ tag_name, value })),
});

export async function getTemplateTags(db: Db, user: User, id: string) {
  return (await getAccountTemplateOrThrow(db, user, id)).tags;
}

// The changes below are single UPDATEs on the jsonb column, so two concurrent
// calls cannot lose each other's tags.
async function updateTags(db: Db, user: User, id: string, change: ReturnType<typeof sql>) {
  const template = await getAccountTemplateOrThrow(db, user, id);
  const [row] = await db
    .update(templates)
    .set({ tags: change, updatedAt: new Date() })
    .where(eq(templates.id, template.id))
    .returning({ tags: templates.tags });
  return row!.tags;
}

/** POST: replace all tags with the given ones. */
export const replaceTemplateTags = (db: Db, user: User, id: string, items: TagItem[]) =>
  updateTags(db, user, id, sql`${JSON.stringify(toObject(items))}::jsonb`);

/** PATCH: add or update the given tags, keeping the others. */
export const mergeTemplateTags = (db: Db, user: User, id: string, items: TagItem[]) =>
  updateTags(db, user, id, sql`${templates.tags} || ${JSON.stringify(toObject(items))}::jsonb`);

/** DELETE: remove one tag; removing an absent tag changes nothing and is not an error. */
export const deleteTemplateTag = (db: Db, user: User, id: string, tagName: string) =>
  updateTags(db, user, id, sql`${templates.tags} - ${tagName}::text`);

/** A template tag as the four tag operations answer it (docs/api-decisions.md). */
export type TemplateTag = { tag_name: string; value: string | null };

/**
 * The API's own check of a tag list, so a bad row is named before the request (the API repeats it).
 * Its rules (zod) load at the first check, not with the page.
 */
export async function checkTags(tags: { tag_name: string; value: string | null }[]): Promise<string | null> {
  const { templateTagsBody } = await import("@/lib/api/templates");
  const parsed = templateTagsBody.safeParse({ tags });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const [, index, key] = issue.path;
  return typeof index === "number" ? `Tag ${index + 1}${key ? ` ${String(key).replace("_", " ")}` : ""}: ${issue.message}` : issue.message;
}

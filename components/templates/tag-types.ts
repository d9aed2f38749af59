import { templateTagsBody } from "@/lib/api/templates";

/** A template tag as the four tag operations answer it (docs/api-decisions.md). */
export type TemplateTag = { tag_name: string; value: string | null };

/** The API's own check of a tag list, so a bad row is named before the request (the API repeats it). */
export function checkTags(tags: { tag_name: string; value: string | null }[]): string | null {
  const parsed = templateTagsBody.safeParse({ tags });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const [, index, key] = issue.path;
  return typeof index === "number" ? `Tag ${index + 1}${key ? ` ${String(key).replace("_", " ")}` : ""}: ${issue.message}` : issue.message;
}

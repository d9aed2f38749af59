/** A template tag as the four tag operations answer it (docs/api-decisions.md). */
export type TemplateTag = { tag_name: string; value: string | null };

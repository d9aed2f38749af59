import { z } from "zod";

// What the documents list's bulk actions send to their server actions, and
// what they answer: one contract for the forms and the actions (which are
// public endpoints and parse their input again).

/** The selected rows: ids of one list page (at most 100, the largest page). */
export const bulkIds = z
  .array(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "That item does not exist."), { error: "Select at least one document." })
  .min(1, "Select at least one document.")
  .max(100, "Select at most 100 documents at once.");

/** Add a tag (name with an optional value) to, or remove a tag (by name) from, every selected document. */
export const bulkTagChange = z.object({
  action: z.enum(["add", "remove"]),
  name: z
    .string({ error: "Enter the tag's name." })
    .trim()
    .min(1, "Enter the tag's name.")
    .max(100, "Keep the tag's name under 100 characters.")
    .refine((v) => !v.includes(","), "A tag's name cannot contain a comma."),
  value: z.string().trim().max(500, "Keep the value under 500 characters.").optional(),
});
export type BulkTagChange = z.infer<typeof bulkTagChange>;

/** One document's result: done, skipped (nothing to do, said why) or failed (said why). */
export type BulkOutcome = { id: string; name: string; result: "done" | "skipped" | "failed"; message: string };

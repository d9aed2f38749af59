import { z } from "zod";

import { VOID_REASON_MAX } from "./void-reason";

export { VOID_REASON_MAX };

/**
 * POST /public/v1|v2/documents/:id/void. Spec 3.1's body is an empty
 * `document` object; `reason` (top level or `document[reason]`) is our
 * optional extension (docs/api-decisions.md, "Void reason"). Other keys are
 * ignored, as before.
 */
export const voidDocumentBody = z.looseObject({
  reason: z
    .string({ error: "must be text." })
    .trim()
    .max(VOID_REASON_MAX, `must be at most ${VOID_REASON_MAX} characters.`)
    .nullish(),
});

/**
 * The dashboard's void dialog, where a reason is required: the signers are
 * e-mailed it and it stays on the document.
 */
export const voidDocumentForm = z.object({
  reason: z
    .string({ error: "Say why you void the document." })
    .trim()
    .min(1, "Say why you void the document: the signers are told.")
    .max(VOID_REASON_MAX, `Keep the reason under ${VOID_REASON_MAX} characters.`),
});
export type VoidDocumentForm = z.infer<typeof voidDocumentForm>;

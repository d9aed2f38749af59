import { z } from "zod";
import { pageParams } from "./common";

// The archived documents a user may open (/ext/archived_documents), a page at
// a time, searchable; each opens by its GUID through the spec's own lookup.

export const listArchivedQuery = z.object({
  /** Words matched in the name, the original GUID and the signers' names and e-mail addresses. */
  q: z.string().trim().max(200, "must be at most 200 characters.").optional().default(""),
  ...pageParams,
});

export const archivedSummarySchema = z.object({
  id: z.string(),
  original_guid: z.string(),
  name: z.string(),
  document_state: z.string(),
  sender_email: z.string(),
  document_sent_at: z.string().nullable(),
  document_executed_at: z.string().nullable(),
  signers: z.array(z.object({ name: z.string(), email: z.string() })),
});
export type ArchivedSummary = z.infer<typeof archivedSummarySchema>;

export const archivedListEnvelope = z.object({
  archived_documents: z.array(archivedSummarySchema),
  meta: z.object({ total_pages: z.number().int(), total_count: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
});

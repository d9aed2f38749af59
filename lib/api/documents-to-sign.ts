import { z } from "zod";
import { pagedMeta, pageParams, timestamp } from "./common";

// GET /ext/documents/needs_my_signature (docs/api-decisions.md, "Sorting the documents list"):
// the documents whose turn it is for the caller to sign, found by the caller's confirmed
// e-mail among their recipients — whoever sent them, shared or not.

export const listDocumentsToSignQuery = z.object(pageParams);

export const documentToSignSchema = z.object({
  id: z.string(),
  name: z.string(),
  sender: z.object({ name: z.string(), email: z.string() }),
  sent_at: timestamp.nullable(),
  expired_at: timestamp,
  /** The caller's recipient on the document, and its signing link (the caller's own credential). */
  signer_id: z.string(),
  role_name: z.string(),
  sign_url: z.string(),
});
export type DocumentToSign = z.infer<typeof documentToSignSchema>;

export const documentsToSignEnvelope = z.object({ documents: z.array(documentToSignSchema), meta: pagedMeta });

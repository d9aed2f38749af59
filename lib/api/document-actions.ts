import { z } from "zod";
import { DOCUMENT_STATES, timestamp } from "./common";

// The sender's actions on a document that the spec has no endpoint for
// (docs/api-decisions.md, "Acting on a document"): they live under /ext and
// are answered to the dashboard's own client only.

// ---------------------------------------------------------------- GET /ext/documents/:id/overview

export const overviewRecipientSchema = z.object({
  id: z.string(),
  /** What the signer typed when declining; null otherwise. */
  decline_reason: z.string().nullable(),
  declined_at: timestamp.nullable(),
  /** The sender signs this role as themselves: it cannot be given to someone else (edit-recipient). */
  is_sender: z.boolean(),
});

export const documentOverviewSchema = z.object({
  id: z.string(),
  state: z.enum(DOCUMENT_STATES),
  /** "Correct and resend": the declined or expired document this one was made from. */
  corrected_from_id: z.string().nullable(),
  /**
   * Page images of the signed PDF, once the document is executed and its files are produced; empty before
   * (and for documents executed before these images were made: show `page_image_urls` then).
   */
  signed_page_image_urls: z.array(z.string()),
  recipients: z.array(overviewRecipientSchema),
  /** The recipient the caller signs as, when it is their turn now (the sender only: the link is a credential). */
  sign_now: z.object({ recipient_id: z.string(), sign_url: z.string() }).nullable(),
});
export type DocumentOverview = z.infer<typeof documentOverviewSchema>;
export const documentOverviewEnvelope = z.object({ document: documentOverviewSchema });

// ---------------------------------------------------------------- PUT /ext/documents/:id/recipients/:recipientId

const required = { error: "is required." };

/** A pending recipient's new name and e-mail address; the form and the handler both parse with it. */
export const editRecipientBody = z.object({
  name: z.string(required).trim().min(1, "must not be empty.").max(200, "must be at most 200 characters."),
  email: z.string(required).trim().max(254, "must be at most 254 characters.").pipe(z.email("must be an e-mail address.")),
});
export type EditRecipientBody = z.infer<typeof editRecipientBody>;

export const editedRecipientEnvelope = z.object({
  recipient: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    /** Whether anything changed (an unchanged name and address keep the current link). */
    changed: z.boolean(),
    /** Whether a new invitation was e-mailed now (not when it is not their turn yet, or the document is embedded or in person). */
    invited: z.boolean(),
  }),
});
export type EditedRecipient = z.infer<typeof editedRecipientEnvelope>["recipient"];

// ---------------------------------------------------------------- POST /ext/documents/:id/correct

export const correctedDocumentEnvelope = z.object({
  document: z.object({ id: z.string(), state: z.literal("draft"), corrected_from_id: z.string() }),
});

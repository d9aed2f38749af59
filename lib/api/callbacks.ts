import { z } from "zod";
import { DOCUMENT_STATES, timestamp } from "./common";

// Bodies of the HTTP callbacks the service POSTs (spec 6), for the API
// reference. Built in lib/server/callbacks/record-callback.ts.

export const DOCUMENT_EVENTS = ["created", "viewed", "signed", "executed", "voided", "declined"] as const;

/** Spec 6.1. */
export const documentCallbackPayload = z.object({
  callbackType: z.literal("Document"),
  id: z.string(),
  event: z.enum(DOCUMENT_EVENTS),
  documentState: z.enum(DOCUMENT_STATES),
  createdAt: timestamp,
});

/** Spec 6.2: sent when a sending request completes or errors. */
export const sendingRequestCallbackPayload = z.object({
  sending_request: z.object({
    id: z.string(),
    status: z.enum(["completed", "errored"]),
    /** Only when errored. */
    status_message: z.string().optional(),
    /** null on error. */
    document_template_id: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
});

/** The Standard Webhooks headers every callback carries (docs/api-decisions.md, "Callbacks"). */
export const CALLBACK_SIGNATURE_HEADERS = {
  "webhook-id": "Stable across retries of one delivery: use it to drop duplicates.",
  "webhook-timestamp": "Unix seconds when this attempt was signed.",
  "webhook-signature":
    "`v1,<base64 HMAC-SHA256>` over `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the account's `whsec_…` callback secret (dashboard settings, or GET /ext/callback_secret).",
} as const;

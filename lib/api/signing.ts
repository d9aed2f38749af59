import { z } from "zod";

// The signer page's contract: what the page shows (SignerView, rendered on
// the server) and the three calls its client makes. The signer's credential
// is the access_token of their sign_url; every call carries it.

export const fieldTypes = ["signature", "initials", "text", "date", "checkbox"] as const;

const box = { page: z.number().int(), x: z.number(), y: z.number(), width: z.number(), height: z.number() };

export const signerFieldSchema = z.object({
  id: z.string(),
  type: z.enum(fieldTypes),
  name: z.string(),
  required: z.boolean(),
  /** The sender's hint for this field ("" when none). */
  help_text: z.string(),
  /** What the page fills in before the signer touches it (lib/api/signer-fields.ts), or null. */
  autofill: z.enum(["name", "email", "today"]).nullable(),
  ...box,
});

/**
 * POST /sign/<id>/status: how the document stands for a signer who has
 * signed. `waitingFor` names the signers who still have to sign; `signedPdf`
 * is a time-limited download address once the executed document's signed
 * PDF exists (null before, and for anyone who has not signed).
 */
export const signerStatusSchema = z.object({
  state: z.string(),
  waitingFor: z.array(z.string()),
  signedPdf: z.object({ url: z.string(), expiresAt: z.string() }).nullable(),
});
export type SignerStatus = z.infer<typeof signerStatusSchema>;

export const signerStatusBody = z.object({ access_token: z.string().min(1) });

export const signerViewSchema = z.object({
  document: z.object({
    id: z.string(),
    name: z.string(),
    state: z.string(),
    message: z.string(),
    embedded: z.boolean(),
    inPerson: z.boolean(),
    redirectUrl: z.string().nullable(),
    expiresAt: z.string(),
    pages: z.array(z.object({ url: z.string(), width: z.number(), height: z.number() })),
  }),
  sender: z.object({ name: z.string(), email: z.string() }),
  signer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    roleName: z.string(),
    status: z.string(),
    /** The recipient is the sender (same address): the page speaks to them as such. */
    isSender: z.boolean(),
  }),
  /** BCP 47 locale dates are written out in (the signer's browser language). */
  locale: z.string(),
  /** This signer's fields, to fill. */
  fields: z.array(signerFieldSchema),
  /**
   * What is already on the page: merge-field values and the answers of
   * signers who have signed (dates written out in full, signatures and
   * initials as `image`, a time-limited address, with `text` its alt text).
   */
  prefilled: z.array(z.object({ ...box, text: z.string(), image: z.string().optional() })),
  /**
   * yours: sign now; waiting: an earlier signer must sign first; done: this
   * signer has signed or declined; closed: the document no longer accepts
   * signatures.
   */
  turn: z.enum(["yours", "waiting", "done", "closed"]),
  waitingFor: z.string().nullable(),
  pin: z.object({ required: z.boolean(), lockedUntil: z.string().nullable() }),
  accessToken: z.string(),
  /** After signing: what the finished page says about the rest (signerStatusSchema). */
  completion: signerStatusSchema,
});
export type SignerView = z.infer<typeof signerViewSchema>;

export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 15;

export const verifyPinBody = z.object({
  access_token: z.string().min(1),
  pin: z.string().trim().regex(/^\d{5}$/, "Enter the 5-digit PIN."),
});

export { MAX_SIGNATURE_BYTES, MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from "./signature-limits";

export const submitSignatureBody = z.object({
  access_token: z.string().min(1),
  /** Field id → value: text, `yyyy-mm-dd` for dates, "true"/"false" for checkboxes, a data URL for signature and initials. */
  values: z.record(z.string(), z.string().max(2_000_000)),
});

export const declineBody = z.object({
  access_token: z.string().min(1),
  reason: z.string().trim().min(1, "Say why you decline, so the sender knows what to change.").max(2000),
});


/** Every call answers this on success; `state` is the document's state afterwards. */
export const signingResultSchema = z.object({
  state: z.string(),
  redirectUrl: z.string().nullable(),
  /** In-person documents: the next signer's sign address, for the sender's device. */
  nextSignerUrl: z.string().nullable(),
});
export type SigningResult = z.infer<typeof signingResultSchema>;

/** Errors answer `{ error, field? }`; `field` names the field id that is wrong. */
export const signingErrorSchema = z.object({ error: z.string(), field: z.string().optional() });

/** Posted to the parent window when signing ends inside an iframe (embedded documents). */
export type SigningMessage = {
  type: "signing.completed" | "signing.declined";
  documentId: string;
  signerId: string;
};

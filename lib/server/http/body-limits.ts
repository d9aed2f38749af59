import "server-only";
import { MAX_UPLOAD_BYTES } from "@/lib/server/processing/processing-error";

/**
 * The most each kind of route reads from a request body (bytes). Each is a
 * few times the largest legitimate body, and small enough that reading it
 * before authentication costs nothing worth attacking.
 */
export const BODY_LIMITS = {
  /**
   * JSON resource-API bodies (/public, /ext). The largest legitimate ones are
   * template-builder definitions (a few hundred bytes per field: 1 MB is
   * thousands of fields) and sending requests with 500 merge-field values.
   */
  json: 1024 * 1024,
  /** HTML forms and OAuth form posts (sign-in, sign-up, consent, token, revoke): a few fields of text. */
  form: 64 * 1024,
  /**
   * A signer's submission: drawn, typed or uploaded signature images as data
   * URLs (each at most MAX_SIGNATURE_BYTES, ~1.4 MB in base64) plus text
   * answers. 8 MB holds several full-size images; decline and PIN calls are tiny.
   */
  signerSubmit: 8 * 1024 * 1024,
  signerSmall: 64 * 1024,
  /** Uploaded one-off files and template files (PUT to an upload_url). */
  upload: MAX_UPLOAD_BYTES,
  /** A PDF to check on /verify: signed PDFs grow a little past the upload limit. */
  verify: 50 * 1024 * 1024,
} as const;

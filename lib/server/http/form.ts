import "server-only";
import { env } from "@/lib/env";
import { BODY_LIMITS } from "./body-limits";
import { describeLimit, readBodyWithLimit } from "./read-body-with-limit";
import { isStorableText, UNSTORABLE_TEXT } from "./invalid-text";

/** A 303 to a path or URL: after a form POST the browser follows with GET. */
export function seeOther(location: string, headers?: Record<string, string>) {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store", ...headers } });
}

/**
 * The fields of a form post, read up to BODY_LIMITS.form before anything else
 * (sign-in, sign-up, consent and the OAuth token and revoke endpoints read
 * their form before they know who is calling). A larger body is answered
 * with the 413 Response returned in place of the fields: the caller returns
 * it. `tooLarge` renders that answer (the OAuth endpoints use RFC 6749's shape).
 */
/**
 * Fields that never reach the database: `next` is a redirect target that
 * safe-redirect checks and, holding a control character, replaces with the
 * fallback, so the sign-in still goes through (e2e/security/open-redirects).
 */
const NEVER_STORED = new Set(["next"]);

export async function readForm(
  req: Request,
  tooLarge: (limit: string) => Response = (limit) => formTooLarge(`The form is too large (at most ${limit}).`),
  unstorable: (field: string) => Response = formUnstorable,
): Promise<URLSearchParams | Response> {
  const form = await readFormFields(req, tooLarge);
  if (form instanceof Response) return form;
  // A NUL or a lone surrogate would reach the database (an e-mail looked up, a name stored) and fail there as a 500.
  for (const [k, v] of form) {
    if (!isStorableText(k) || (!isStorableText(v) && !NEVER_STORED.has(k))) return unstorable(k.replace(/[^\x20-\x7e]/g, "?").slice(0, 60));
  }
  return form;
}

async function readFormFields(req: Request, tooLarge: (limit: string) => Response): Promise<URLSearchParams | Response> {
  const type = req.headers.get("content-type") ?? "";
  const urlencoded = type.includes("application/x-www-form-urlencoded");
  const multipart = type.includes("multipart/form-data");
  // Other content types carry no fields: the body is never read.
  if (!urlencoded && !multipart) return new URLSearchParams();
  const bytes = await readBodyWithLimit(req, BODY_LIMITS.form);
  if (bytes === "too_large") return tooLarge(describeLimit(BODY_LIMITS.form));
  if (urlencoded) return new URLSearchParams(new TextDecoder().decode(bytes));
  let data: FormData;
  try {
    // The bytes are already bounded; Response parses the multipart framing.
    data = await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    return new URLSearchParams();
  }
  const out = new URLSearchParams();
  for (const [k, v] of data) if (typeof v === "string") out.append(k, v);
  return out;
}

/** The 413 of the OAuth endpoints, in RFC 6749's error shape. */
export const oauthTooLarge = (limit: string) =>
  formTooLarge("", { error: "invalid_request", error_description: `The request body is too large (at most ${limit}).` });

/** 400 for a form field holding text no one types: NUL characters or invalid Unicode. */
export const formUnstorable = (field: string) =>
  Response.json({ error: `The form field "${field}" ${UNSTORABLE_TEXT}` }, { status: 400, headers: { "Cache-Control": "no-store" } });

/** The same in RFC 6749's error shape, for the OAuth endpoints. */
export const oauthUnstorable = (field: string) =>
  Response.json({ error: "invalid_request", error_description: `${field} ${UNSTORABLE_TEXT}` }, { status: 400, headers: { "Cache-Control": "no-store" } });

/** 413 for a form post: the client is told to stop sending (Connection: close). */
export function formTooLarge(message: string, body: Record<string, string> = { error: message }) {
  return Response.json(body, { status: 413, headers: { "Cache-Control": "no-store", Connection: "close" } });
}

/**
 * Browsers send Origin on form POSTs; a foreign one means another site is
 * submitting our forms. Non-browser clients send none and are let through.
 */
export function isForeignOrigin(req: Request) {
  const origin = req.headers.get("origin");
  if (!origin || origin === "null") return !!origin;
  const allowed = new Set([new URL(env().APP_URL).origin, new URL(req.url).origin]);
  const host = req.headers.get("host");
  if (host) allowed.add(`${new URL(req.url).protocol}//${host}`);
  return !allowed.has(origin);
}

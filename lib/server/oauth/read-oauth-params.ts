import "server-only";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { oauthTooLarge } from "@/lib/server/http/form";
import { describeLimit, readBodyWithLimit } from "@/lib/server/http/read-body-with-limit";

/**
 * The parameters of a token or revoke request. `unreadable` says why the body
 * could not be read (then `params` is empty): the caller must not go on as if
 * the client had sent nothing, or a revocation could be answered 200 without
 * having happened.
 */
export type OAuthParams = { params: URLSearchParams; unreadable: string | null };

const SUPPORTED = "Send application/x-www-form-urlencoded or application/json.";

/**
 * Reads a token or revoke request body: form-encoded (spec 4.1), multipart,
 * or a JSON object (what many client libraries send) — all bounded by
 * BODY_LIMITS.form and read before the client is authenticated. A body over
 * the limit is answered with the RFC 6749-shaped 413, returned in place of
 * the parameters. An empty body of any type carries no parameters.
 */
export async function readOAuthParams(req: Request): Promise<OAuthParams | Response> {
  const type = req.headers.get("content-type") ?? "";
  const mediaType = type.split(";")[0]!.trim().toLowerCase();
  const bytes = await readBodyWithLimit(req, BODY_LIMITS.form);
  if (bytes === "too_large") return oauthTooLarge(describeLimit(BODY_LIMITS.form));
  const text = new TextDecoder().decode(bytes);
  if (mediaType === "application/x-www-form-urlencoded") return readable(new URLSearchParams(text));
  if (!text.trim()) return readable(new URLSearchParams());
  if (mediaType === "application/json" || mediaType.endsWith("+json")) return fromJson(text);
  if (mediaType === "multipart/form-data") return fromMultipart(bytes, type);
  return unreadable(`Unsupported Content-Type${mediaType ? ` "${mediaType}"` : " (none given)"}. ${SUPPORTED}`);
}

const readable = (params: URLSearchParams): OAuthParams => ({ params, unreadable: null });
const unreadable = (why: string): OAuthParams => ({ params: new URLSearchParams(), unreadable: why });

/** A JSON object of strings; numbers and booleans are taken as their text, null as absent. */
function fromJson(text: string): OAuthParams {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return unreadable("The request body is not valid JSON.");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return unreadable("The request body must be a JSON object.");
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(parsed)) {
    if (value === null || value === undefined) continue;
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") params.set(key, String(value));
    else return unreadable(`The field "${key}" must be a string.`);
  }
  return readable(params);
}

async function fromMultipart(bytes: Uint8Array<ArrayBuffer>, type: string): Promise<OAuthParams> {
  let data: FormData;
  try {
    // The bytes are already bounded; Response parses the multipart framing.
    data = await new Response(bytes, { headers: { "Content-Type": type } }).formData();
  } catch {
    return unreadable("The multipart request body could not be read.");
  }
  const params = new URLSearchParams();
  for (const [k, v] of data) if (typeof v === "string") params.append(k, v);
  return readable(params);
}

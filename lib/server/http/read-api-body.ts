import "server-only";
import { ApiError } from "@/lib/api/errors";
import { BODY_LIMITS } from "./body-limits";
import { describeLimit, readTextWithLimit } from "./read-body-with-limit";
import { FormNestingError, parseNestedQuery } from "./rails-params";

export type Mirror = "document" | "reusable_template";

/**
 * The body, an object (`{}` when absent), with the mirror wrapper folded in;
 * `invalid` is the 422 to answer once the caller is authenticated (the body
 * may carry the access token, so it is looked at before it is judged).
 */
export type ApiBody = { body: Record<string, unknown>; invalid: ApiError | null };

/**
 * Reads a resource-API body: JSON, or (with `forms`) a form-encoded body with
 * Rails-style nesting (rails-params.ts), which the real service's client
 * libraries send. Both give the same object, so the contracts and handlers
 * never know which it was. Bounded, and read before authentication: see
 * read-body-with-limit.ts.
 */
export async function readApiBody(req: Request, mirror: Mirror | undefined, opts: { forms: boolean }): Promise<ApiBody> {
  if (req.method === "GET" || req.method === "HEAD") return { body: {}, invalid: null };
  const text = await readTextWithLimit(req, BODY_LIMITS.json);
  if (text === "too_large") throw ApiError.payloadTooLarge(describeLimit(BODY_LIMITS.json));
  if (!text.trim()) return { body: {}, invalid: null };
  const form = opts.forms && isFormEncoded(req);
  const parsed = form ? parseForm(text) : parseJson(text);
  if (parsed instanceof ApiError) return { body: form ? accessTokenOnly(text) : {}, invalid: parsed };
  const wrapped = mirror ? parsed[mirror] : undefined;
  if (wrapped && typeof wrapped === "object" && !Array.isArray(wrapped)) {
    // Top-level parameters are the contract; the mirror only fills gaps.
    return { body: { ...(wrapped as Record<string, unknown>), ...parsed }, invalid: null };
  }
  return { body: parsed, invalid: null };
}

const isFormEncoded = (req: Request) =>
  (req.headers.get("content-type") ?? "").toLowerCase().split(";")[0]!.trim() === "application/x-www-form-urlencoded";

function parseJson(text: string): Record<string, unknown> | ApiError {
  const bad = ApiError.badInput("body", "must be a JSON object.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return bad;
  }
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : bad;
}

function parseForm(text: string): Record<string, unknown> | ApiError {
  try {
    return parseNestedQuery(text);
  } catch (err) {
    if (err instanceof FormNestingError) return ApiError.badInput(err.param, err.why);
    throw err;
  }
}

/**
 * A form whose nesting is broken still names its caller: its flat
 * `access_token` field authenticates, so the 422 goes to the caller who sent
 * it rather than a 401 that would hide the real mistake (JSON bodies that do
 * not parse have no readable field and stay a 401 without another token).
 */
function accessTokenOnly(text: string): Record<string, unknown> {
  const token = new URLSearchParams(text).get("access_token");
  return token ? { access_token: token } : {};
}

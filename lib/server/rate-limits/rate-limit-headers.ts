import "server-only";
import type { RateLimitState } from "./count-request";

/**
 * X-RateLimit-Limit, -Remaining and -Reset (Unix seconds, as GitHub and the
 * other large APIs write it) on every counted answer, and Retry-After
 * (seconds) on a 429.
 */
export function withRateLimitHeaders(res: Response, state: RateLimitState | undefined): Response {
  if (!state) return res;
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(state.limit),
    "X-RateLimit-Remaining": String(state.remaining),
    "X-RateLimit-Reset": String(state.reset),
  };
  if (res.status === 429) headers["Retry-After"] = String(state.retryAfter);
  try {
    for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
    return res;
  } catch {
    // A Response with immutable headers (e.g. one passed through from fetch): copy it.
    const copy = new Response(res.body, res);
    for (const [k, v] of Object.entries(headers)) copy.headers.set(k, v);
    return copy;
  }
}

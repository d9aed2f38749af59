import "server-only";
import { apiErrors } from "@/lib/api/errors";
import { json } from "./respond";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Next.js answers a method a route.ts does not export with an empty 405,
 * which API clients cannot read. Each route under app/(api) exports one of
 * these for its other methods, so the answer is JSON with an `Allow` header:
 *
 *   const otherMethods = methodNotAllowed("GET");
 *   export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };
 *
 * As OPTIONS it answers 204 with the same `Allow` (Next.js's own OPTIONS would
 * list these stand-ins as methods too). `export { … as … }`:
 * e2e/security/support/route-files.ts reads a route's real handlers from
 * `export const`/`export async function`.
 */
export function methodNotAllowed(...allowed: HttpMethod[]) {
  const allow = allowHeader(allowed);
  return async (req: Request) =>
    req.method === "OPTIONS"
      ? options(allow)
      : json({ error: `${apiErrors.methodNotAllowed.message} ${describe(req.method, allowed)}` }, 405, { Allow: allow });
}

/** The same for the OAuth endpoints, in RFC 6749's error shape. */
export function oauthMethodNotAllowed(...allowed: HttpMethod[]) {
  const allow = allowHeader(allowed);
  return async (req: Request) =>
    req.method === "OPTIONS"
      ? options(allow)
      : json({ error: "invalid_request", error_description: `${apiErrors.methodNotAllowed.message} ${describe(req.method, allowed)}` }, 405, {
          Allow: allow,
          Pragma: "no-cache",
        });
}

const options = (allow: string) => new Response(null, { status: 204, headers: { Allow: allow, "Cache-Control": "no-store" } });

const describe = (method: string, allowed: HttpMethod[]) => `${method} is not one of this path's methods (${allowed.join(", ")}).`;

const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** What Next.js itself answers a route can do: its methods, HEAD with GET, and OPTIONS. */
function allowHeader(allowed: HttpMethod[]) {
  const all = new Set<string>([...allowed, "OPTIONS"]);
  if (all.has("GET")) all.add("HEAD");
  return ORDER.filter((m) => all.has(m)).join(", ");
}

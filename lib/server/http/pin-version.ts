import "server-only";

type Handler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Methods = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * The handlers of a `/public/[version]/…` route with the version fixed, for a
 * static copy of the path (`/public/v2/me`). Next.js resolves a static path
 * before it tries the dynamic segments, so the hottest calls skip that
 * matching: bench/api measured GET /me at 0.77× the constant route through
 * `[version]` and 0.80–0.86× on a static path, same server, same handler.
 * Every method is passed on, so the static path answers exactly as the
 * dynamic one (its JSON 405s included).
 */
export function pinVersion(route: Partial<Record<Methods, Handler>>, version: "v1" | "v2"): Record<Methods, (req: Request) => Promise<Response>> {
  const params = Promise.resolve({ version });
  const pin = (method: Methods) => {
    const handler = route[method];
    if (!handler) throw new Error(`the versioned route has no ${method} handler to pin`);
    return (req: Request) => handler(req, { params });
  };
  return { GET: pin("GET"), POST: pin("POST"), PUT: pin("PUT"), PATCH: pin("PATCH"), DELETE: pin("DELETE"), OPTIONS: pin("OPTIONS") };
}

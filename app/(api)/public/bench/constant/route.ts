import { env } from "@/lib/env";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { apiNotFound } from "@/lib/server/http/unknown-path";

/**
 * The API benchmark's baseline (bench/api): a JSON body of exactly `bytes`
 * bytes, built once, from a route of the same server, next to the same
 * middleware-free path the API's routes take, so that the ratio of an API
 * call to it is what the call itself costs. Unless BENCH_ROUTES is set it is
 * the API's own 404, like any unknown path under /public.
 */
const bodies = new Map<number, string>();

export async function GET(req: Request) {
  if (!env().BENCH_ROUTES) return apiNotFound();
  const bytes = Math.min(Math.max(Number(new URL(req.url).searchParams.get("bytes")) || 0, 16), 4_000_000);
  let body = bodies.get(bytes);
  if (!body) {
    body = `{"pad":"${"x".repeat(bytes - 10)}"}`;
    if (bodies.size < 100) bodies.set(bytes, body);
  }
  return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

// Other methods answer like every API route's (405 JSON with Allow), the class e2e/api/spec-types checks.
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

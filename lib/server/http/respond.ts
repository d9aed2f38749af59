import "server-only";
import { ApiError } from "@/lib/api/errors";
import { log } from "@/lib/server/observability/logger";

export function json(body: unknown, status = 200, headers?: HeadersInit) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** The one place an error becomes a response: `{ "error": message }`. */
export function errorResponse(err: unknown): Response {
  if (err instanceof ApiError) return json({ error: err.message }, err.status);
  log("api").error({ err }, "unexpected error");
  return json({ error: "Internal server error." }, 500);
}

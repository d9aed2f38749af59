import "server-only";
import { ApiError } from "@/lib/api/errors";
import { log } from "@/lib/server/observability/logger";

export function json(body: unknown, status = 200, headers?: HeadersInit) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** A 200 whose JSON is already encoded: the same headers as json(). */
export function jsonBytes(body: Uint8Array) {
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}

/** The one place an error becomes a response: `{ "error": message }`. */
export function errorResponse(err: unknown): Response {
  if (err instanceof ApiError) return json({ error: err.message }, err.status);
  log("api").error({ err }, "unexpected error");
  return json({ error: "Internal server error." }, 500);
}

import { env } from "@/lib/env";
import { apiErrors } from "@/lib/api/errors";
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { rateRules } from "@/lib/server/rate-limits/rules";

// The API reference's OpenAPI 3.1 document (issue 15 point 5), public: no
// token, cacheable, readable from any origin (API tools load it from their
// own pages). Built once per process and version from the zod contracts.

const built = new Map<string, string>();

function documentText(version: "v1" | "v2"): string {
  let text = built.get(version);
  if (!text) {
    const describe = (cls: "send" | "write" | "read") => rateRules(cls).map((r) => r.describe);
    const doc: OpenApiDocument = buildOpenApiDocument(version, {
      baseUrl: env().APP_URL,
      rateLimits: { send: describe("send"), write: describe("write"), read: describe("read") },
    });
    text = JSON.stringify(doc);
    built.set(version, text);
  }
  return text;
}

const CORS = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS" };

export async function GET(_req: Request, context: { params: Promise<{ version: string }> }) {
  const { version } = await context.params;
  if (version !== "v1" && version !== "v2") {
    return Response.json({ error: apiErrors.notFound.message }, { status: 404, headers: CORS });
  }
  return new Response(documentText(version), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300", ...CORS },
  });
}

// A CORS preflight (a tool sending its own headers) is answered for any origin.
export async function OPTIONS() {
  return new Response(null, { status: 204, headers: { ...CORS, Allow: "GET, HEAD, OPTIONS", "Access-Control-Max-Age": "86400" } });
}

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };

import { getDb } from "@/lib/server/db/client";
import { readOAuthParams } from "@/lib/server/oauth/read-oauth-params";
import { authenticateClient, readClientCredentials } from "@/lib/server/oauth/authenticate-client";
import { revokeToken } from "@/lib/server/oauth/revoke-token";
import { oauthMethodNotAllowed } from "@/lib/server/http/method-not-allowed";

/**
 * RFC 7009 / spec 4.1: 200 `{}` for every request it could read; only the
 * client's own tokens are revoked. The body is form-encoded or JSON; one it
 * cannot read is a 400 invalid_request, never a 200 that revoked nothing.
 */
export async function POST(req: Request) {
  try {
    const db = await getDb();
    const body = await readOAuthParams(req);
    if (body instanceof Response) return body;
    if (body.unreadable) {
      return Response.json({ error: "invalid_request", error_description: body.unreadable }, { status: 400, headers: { "Cache-Control": "no-store" } });
    }
    const form = body.params;
    const token = form.get("token");
    const client = await authenticateClient(db, readClientCredentials(req, form));
    if (client && token) await revokeToken(db, client.id, token);
  } catch (err) {
    // Never claim a revocation that did not happen (RFC 7009 §2.2.1 allows 503).
    console.error("[oauth] revoke failed", err);
    return Response.json({ error: "temporarily_unavailable" }, { status: 503 });
  }
  return Response.json({}, { headers: { "Cache-Control": "no-store" } });
}

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = oauthMethodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

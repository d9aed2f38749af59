import { getDb } from "@/lib/server/db/client";
import { oauthTooLarge, readForm } from "@/lib/server/http/form";
import { authenticateClient, readClientCredentials } from "@/lib/server/oauth/authenticate-client";
import { revokeToken } from "@/lib/server/oauth/revoke-token";
import { oauthMethodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** RFC 7009 / spec 4.1: always 200 `{}`; only the client's own tokens are revoked. */
export async function POST(req: Request) {
  try {
    const db = await getDb();
    const form = await readForm(req, oauthTooLarge);
    if (form instanceof Response) return form;
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

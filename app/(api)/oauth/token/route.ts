import { getDb, type Db } from "@/lib/server/db/client";
import { blockedUntil, clearThrottle } from "@/lib/server/auth/throttle-sign-in";
import { allTokenKeys, countTokenFailure, tokenThrottledResponse, tokenThrottleKeys } from "@/lib/server/oauth/throttle-token-requests";
import { readOAuthParams } from "@/lib/server/oauth/read-oauth-params";
import { authenticateClient, readClientCredentials } from "@/lib/server/oauth/authenticate-client";
import { exchangeAuthorizationCode } from "@/lib/server/oauth/exchange-authorization-code";
import { OAuthError, oauthErrorResponse } from "@/lib/server/oauth/oauth-error";
import { refreshAccessToken } from "@/lib/server/oauth/refresh-access-token";
import { oauthMethodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** Spec 4.1: authorization_code and refresh_token grants, form-encoded (or JSON: read-oauth-params.ts). */
export async function POST(req: Request) {
  try {
    const db = await getDb();
    // Read (bounded) before the client is authenticated: see readOAuthParams.
    const body = await readOAuthParams(req);
    if (body instanceof Response) return body;
    const form = body.params;
    // A blocked caller or client is answered before any credential is looked at.
    const keys = tokenThrottleKeys(req, form);
    const blocked = await blockedUntil(db, allTokenKeys(keys));
    if (blocked) return tokenThrottledResponse(blocked);
    // Not counted as a failure: nothing was tried.
    if (body.unreadable) throw new OAuthError("invalid_request", body.unreadable);
    try {
      const token = await grant(db, req, form);
      await clearThrottle(db, allTokenKeys(keys));
      return Response.json(token, { headers: { "Cache-Control": "no-store", Pragma: "no-cache" } });
    } catch (err) {
      await countTokenFailure(db, keys, err);
      throw err;
    }
  } catch (err) {
    return oauthErrorResponse(err);
  }
}

async function grant(db: Db, req: Request, form: URLSearchParams) {
  const client = await authenticateClient(db, readClientCredentials(req, form));
  if (!client) {
    throw new OAuthError(
      "invalid_client",
      "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
    );
  }
  const grantType = form.get("grant_type");
  const token =
    grantType === "authorization_code"
      ? await exchangeAuthorizationCode(db, client, {
          code: form.get("code"),
          redirectUri: form.get("redirect_uri"),
          codeVerifier: form.get("code_verifier"),
        })
      : grantType === "refresh_token"
        ? await refreshAccessToken(db, client, form.get("refresh_token"))
        : unsupported(grantType);
  return token;
}

function unsupported(grantType: string | null): never {
  if (!grantType) throw new OAuthError("invalid_request", "grant_type is required.");
  throw new OAuthError("unsupported_grant_type", "The authorization grant type is not supported by the authorization server.");
}

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = oauthMethodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import { getDb } from "@/lib/server/db/client";
import { isEmailConfirmed } from "@/lib/server/accounts/confirm-email";
import { readCookie, SESSION_COOKIE, getWebSessionUser, verifyCsrfToken } from "@/lib/server/auth/web-session";
import { isForeignOrigin, oauthTooLarge, oauthUnstorable, readForm, seeOther } from "@/lib/server/http/form";
import { oauthErrorResponse, OAuthError } from "@/lib/server/oauth/oauth-error";
import { AUTHORIZE_PARAMS, validateAuthorizeRequestOrThrow } from "@/lib/server/oauth/validate-authorize-request";
import { createAuthorizationCode, redirectWith } from "@/lib/server/oauth/create-authorization-code";
import { oauthMethodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** Start of the authorization-code grant (spec 4.1): sign in, then consent. */
export async function GET(req: Request) {
  try {
    const db = await getDb();
    const url = new URL(req.url);
    const request = await validateAuthorizeRequestOrThrow(db, url.searchParams);
    const user = await getWebSessionUser(db, readCookie(req, SESSION_COOKIE));
    const query = carry(url.searchParams);
    if (!user) return redirect(`/login?next=${encodeURIComponent(`/oauth/authorize?${query}`)}`);
    if (!isEmailConfirmed(user)) return redirect(unconfirmed(user.email, query));
    if (request.client.firstParty) return redirect(await createAuthorizationCode(db, request, user.id));
    return redirect(`/consent?${query}`);
  } catch (err) {
    return oauthErrorResponse(err);
  }
}

/** The consent form's answer: Allow issues a code, Deny reports access_denied. */
export async function POST(req: Request) {
  try {
    if (isForeignOrigin(req)) throw new OAuthError("invalid_request", "Cross-site form submission refused.");
    const db = await getDb();
    const form = await readForm(req, oauthTooLarge, oauthUnstorable);
    if (form instanceof Response) return form;
    const request = await validateAuthorizeRequestOrThrow(db, form);
    const sessionToken = readCookie(req, SESSION_COOKIE);
    const user = await getWebSessionUser(db, sessionToken);
    if (!user || !sessionToken) return seeOther(`/login?next=${encodeURIComponent(`/oauth/authorize?${carry(form)}`)}`);
    if (!isEmailConfirmed(user)) return seeOther(unconfirmed(user.email, carry(form)));
    if (!verifyCsrfToken(sessionToken, form.get("csrf"))) {
      throw new OAuthError("invalid_request", "The consent form expired; start again from the application.");
    }
    if (form.get("decision") !== "allow") {
      return seeOther(
        redirectWith(request.redirectUri, {
          error: "access_denied",
          error_description: "The resource owner denied the request.",
          state: request.state,
        }),
      );
    }
    return seeOther(await createAuthorizationCode(db, request, user.id));
  } catch (err) {
    return oauthErrorResponse(err);
  }
}

/** An account whose address is not confirmed authorizes nothing: the sign-in page explains and offers a new link. */
const unconfirmed = (email: string, query: string) =>
  `/login?${new URLSearchParams({ error: "unconfirmed", email, next: `/oauth/authorize?${query}` })}`;

const redirect = (location: string) =>
  new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store" } });

function carry(params: URLSearchParams) {
  const out = new URLSearchParams();
  for (const name of AUTHORIZE_PARAMS) {
    const value = params.get(name);
    if (value != null) out.set(name, value);
  }
  return out.toString();
}

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = oauthMethodNotAllowed("GET", "POST");
export { otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import { oauthAuthorizeQuery, oauthConsentForm, oauthRevokeRequest, oauthRevokeResponse, oauthTokenRequest, oauthTokenResponse } from "@/lib/api/oauth";
import type { OperationSpec } from "../types";

// Spec 4.1 and section 5, with the choices of docs/api-decisions.md
// ("Authentication"). No version segment.

export const oauthOperations: OperationSpec[] = [
  {
    operationId: "authorize",
    method: "get",
    path: "/oauth/authorize",
    tag: "OAuth",
    summary: "Start the authorization-code grant",
    description:
      "Spec 4.1. A browser address: the user signs in (if needed) and allows or denies on a consent page; then the user agent is redirected to `redirect_uri` with `code` (single use, 10 minutes) and `state`, or with `error=access_denied`. An invalid client, redirect URI, response type or scope answers 403 with the OAuth error and does not redirect. PKCE: `code_challenge_method=S256` only.",
    auth: "browser",
    query: oauthAuthorizeQuery,
    success: [{ status: "3XX", description: "Redirect: to the sign-in or consent page, or back to `redirect_uri` with `code` (or `error`) and `state`." }],
    oauthErrors: [{ status: "403", description: "OAuth error (`invalid_request`, `unauthorized_client`, `invalid_scope`, `unsupported_response_type`, …); no redirect." }],
  },
  {
    operationId: "authorizeDecision",
    method: "post",
    path: "/oauth/authorize",
    tag: "OAuth",
    summary: "The consent page's answer (browser form)",
    description:
      "Posted by the consent page, not by applications: same-origin only, with the signed-in session's cookie and CSRF token. Allow redirects to `redirect_uri` with `code` and `state`; Deny with `error=access_denied`.",
    auth: "browser",
    body: oauthConsentForm,
    bodyName: "ConsentForm",
    formOnly: true,
    success: [{ status: "3XX", description: "303 to `redirect_uri` with `code` (or `error=access_denied`) and `state`, or to the sign-in page." }],
    oauthErrors: [
      { status: "403", description: "OAuth error: an invalid client, redirect URI, response type or scope; a cross-site post; an expired consent form." },
      { status: "413", description: "Body too large (`invalid_request`)." },
    ],
  },
  {
    operationId: "token",
    method: "post",
    path: "/oauth/token",
    tag: "OAuth",
    summary: "Exchange a code, or refresh a token",
    description:
      "Spec 4.1. Access tokens live 7200 s; refresh tokens 60 days and work once (each refresh issues a new pair; a reused refresh token revokes the whole chain). Client credentials in the form or by HTTP Basic. The body may also be JSON with string fields. After repeated failures the endpoint answers 429 `slow_down` with `Retry-After` before looking at credentials.",
    auth: "oauth-client",
    body: oauthTokenRequest,
    bodyName: "TokenRequest",
    formFirst: true,
    success: [{ status: "200", description: "The token.", schema: oauthTokenResponse, name: "OAuthToken" }],
    oauthErrors: [
      { status: "403", description: "OAuth error: `invalid_request`, `invalid_client`, `invalid_grant`, `unsupported_grant_type`, `invalid_scope`." },
      { status: "413", description: "Body over 64 KB (`invalid_request`)." },
      { status: "429", description: "`slow_down`: too many failed token requests; `Retry-After` says when to try again." },
    ],
  },
  {
    operationId: "revoke",
    method: "post",
    path: "/oauth/revoke",
    tag: "OAuth",
    summary: "Revoke a token",
    description:
      "Spec 4.1, RFC 7009. Always 200 `{}` — unknown tokens and wrong client credentials too — but only tokens issued to the authenticated client are revoked; revoking either half revokes the pair. Client credentials by HTTP Basic or form fields.",
    auth: "oauth-client",
    body: oauthRevokeRequest,
    bodyName: "RevokeRequest",
    formFirst: true,
    success: [{ status: "200", description: "`{}`.", schema: oauthRevokeResponse, name: "RevokeResponse" }],
    oauthErrors: [
      { status: "400", description: "`invalid_request`: a body the endpoint cannot read (a 200 would claim a revocation that did not happen)." },
      { status: "413", description: "Body over 64 KB (`invalid_request`)." },
      { status: "503", description: "`temporarily_unavailable`: the database could not be reached; nothing was revoked." },
    ],
  },
];

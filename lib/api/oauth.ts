import { z } from "zod";

// Shapes of the OAuth endpoints (spec 4.1) for the API reference and its
// contract test. The handlers read the form themselves (lib/server/oauth);
// these describe what they take and answer.

/** POST /oauth/token, 200 (spec 4.1). */
export const oauthTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  /** Seconds: 7200. */
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
  /** Unix time, seconds. */
  created_at: z.number().int(),
});
export type OAuthTokenResponse = z.infer<typeof oauthTokenResponse>;

/** RFC 6749 §5.2 error body: authorize and token answer it with 403 (spec 7), throttled token requests with 429. */
export const oauthErrorBody = z.object({ error: z.string(), error_description: z.string().optional() });

/** POST /oauth/token body (form-encoded, or JSON: docs/api-decisions.md). */
export const oauthTokenRequest = z.object({
  grant_type: z.enum(["authorization_code", "refresh_token"]),
  client_id: z.string().optional().describe("Required unless the client authenticates with HTTP Basic."),
  client_secret: z.string().optional().describe("Required unless the client authenticates with HTTP Basic."),
  redirect_uri: z.string().optional().describe("authorization_code: the one used in the authorize request."),
  code: z.string().optional().describe("authorization_code: the code from the redirect."),
  code_verifier: z.string().optional().describe("PKCE (S256): required when the authorize request sent a code_challenge."),
  refresh_token: z.string().optional().describe("refresh_token: the refresh token (works once)."),
});

/** POST /oauth/revoke body (RFC 7009). */
export const oauthRevokeRequest = z.object({
  token: z.string().describe("The access or refresh token to revoke; the pair goes together."),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

/** POST /oauth/revoke, 200: always an empty object (RFC 7009). */
export const oauthRevokeResponse = z.object({}).strict();

/** GET /oauth/authorize query (spec 4.1; PKCE and state from RFC 6749/7636). */
export const oauthAuthorizeQuery = z.object({
  client_id: z.string().describe("The application's client id."),
  redirect_uri: z.string().describe("Must equal the redirect URI registered for the client id."),
  response_type: z.literal("code"),
  scope: z.enum(["read", "write", "read write"]).optional(),
  state: z.string().optional().describe("Echoed on the redirect back to the client."),
  code_challenge: z.string().optional().describe("PKCE: base64url SHA-256 of the code verifier."),
  code_challenge_method: z.literal("S256").optional(),
});

/** POST /oauth/authorize: the consent page's own form (the authorize parameters carried along, its CSRF token and the user's answer). */
export const oauthConsentForm = oauthAuthorizeQuery.extend({
  csrf: z.string().describe("The consent page's CSRF token, bound to the sign-in session."),
  decision: z.enum(["allow", "deny"]),
});

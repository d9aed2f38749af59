import "server-only";

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "invalid_scope"
  | "invalid_redirect_uri"
  | "access_denied";

/** Errors of the OAuth endpoints (RFC 6749 §5.2); rendered only by oauthErrorResponse. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

/** Spec 4.1 / 7: OAuth errors are 403 with `{error, error_description}`. */
export function oauthErrorResponse(err: unknown): Response {
  if (err instanceof OAuthError) {
    return Response.json(
      { error: err.error, error_description: err.description },
      { status: 403, headers: { "Cache-Control": "no-store", Pragma: "no-cache" } },
    );
  }
  console.error("[oauth] unexpected error", err);
  return Response.json({ error: "server_error", error_description: "Internal server error." }, { status: 500 });
}

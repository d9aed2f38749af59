export const ACCESS_TOKEN_TTL_SECONDS = 7200;
/** Not in the spec (5.8): a refresh token lasts 60 days and each rotation starts a new period. */
export const REFRESH_TOKEN_TTL_SECONDS = 60 * 24 * 3600;
export const AUTHORIZATION_CODE_TTL_SECONDS = 600;
export const SCOPES = ["read", "write"] as const;
export type OAuthScope = (typeof SCOPES)[number];

import "server-only";
import type { Db } from "@/lib/server/db/client";
import { oauthTokens } from "@/lib/server/db/schema";
import { newId, randomToken, sha256 } from "@/lib/server/crypto";
import { PRIVATE_TOKEN_PREFIX } from "@/lib/api/api-tokens";
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from "./constants";

/** The token endpoint's 200 body: exactly these six fields (spec 4.1). */
export type TokenResponse = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
  created_at: number;
};

export async function issueToken(
  db: Db,
  grant: { clientId: string; userId: string; scope: string; familyId: string },
): Promise<TokenResponse> {
  const accessToken = oauthAccessToken();
  const refreshToken = randomToken();
  const now = new Date();
  await db.insert(oauthTokens).values({
    id: newId(),
    accessTokenHash: sha256(accessToken),
    refreshTokenHash: sha256(refreshToken),
    clientId: grant.clientId,
    userId: grant.userId,
    scope: grant.scope,
    familyId: grant.familyId,
    expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
    refreshExpiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
    scope: grant.scope,
    created_at: Math.floor(now.getTime() / 1000),
  };
}

/**
 * A random access token that cannot be taken for a private API token:
 * authentication sends tokens with that prefix to the api_tokens table only
 * (about one in 17 million base64url strings would start with it).
 */
function oauthAccessToken(): string {
  for (;;) {
    const token = randomToken();
    if (!token.startsWith(PRIVATE_TOKEN_PREFIX)) return token;
  }
}

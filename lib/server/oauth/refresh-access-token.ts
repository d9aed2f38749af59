import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { oauthTokens, type oauthClients } from "@/lib/server/db/schema";
import { sha256 } from "@/lib/server/crypto";
import { issueToken, type TokenResponse } from "./issue-token";
import { OAuthError } from "./oauth-error";
import { revokeTokenFamily } from "./revoke-token-family";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";

type Client = typeof oauthClients.$inferSelect;

/**
 * Rotates a refresh token: the old pair stops working and a new pair is
 * issued. Presenting a refresh token that was already rotated means it leaked,
 * so the whole family is revoked.
 */
export async function refreshAccessToken(db: Db, client: Client, refreshToken: string | null): Promise<TokenResponse> {
  if (!refreshToken) throw new OAuthError("invalid_request", "refresh_token is required.");
  const hash = sha256(refreshToken);
  const now = new Date();

  const [rotated] = await db
    .update(oauthTokens)
    .set({ rotatedAt: now, revokedAt: now })
    .where(
      and(
        eq(oauthTokens.refreshTokenHash, hash),
        eq(oauthTokens.clientId, client.id),
        isNull(oauthTokens.rotatedAt),
        isNull(oauthTokens.revokedAt),
      ),
    )
    .returning();

  const invalid = new OAuthError("invalid_grant", "The refresh token is invalid, expired or revoked.");
  if (!rotated) {
    const [previous] = await db.select().from(oauthTokens).where(eq(oauthTokens.refreshTokenHash, hash)).limit(1);
    if (previous?.rotatedAt && previous.clientId === client.id) await revokeTokenFamily(db, previous.familyId);
    throw invalid;
  }
  // The old access token stops working with the rotation, on every instance.
  await invalidateAuthCache(db, { tokenIds: [rotated.id] });
  if (rotated.refreshExpiresAt.getTime() < now.getTime()) throw invalid;

  return issueToken(db, {
    clientId: client.id,
    userId: rotated.userId,
    scope: rotated.scope,
    familyId: rotated.familyId,
  });
}

import "server-only";
import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { oauthTokens } from "@/lib/server/db/schema";
import { sha256 } from "@/lib/server/crypto";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";

/**
 * RFC 7009: revokes an access or refresh token of this client (both halves of
 * the pair stop working). Unknown tokens and other clients' tokens are ignored
 * silently; the caller always answers 200.
 */
export async function revokeToken(db: Db, clientId: string, token: string) {
  const hash = sha256(token);
  const revoked = await db
    .update(oauthTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(oauthTokens.clientId, clientId),
        isNull(oauthTokens.revokedAt),
        or(eq(oauthTokens.accessTokenHash, hash), eq(oauthTokens.refreshTokenHash, hash)),
      ),
    )
    .returning({ id: oauthTokens.id });
  if (revoked.length) await invalidateAuthCache(db, { tokenIds: revoked.map((r) => r.id) });
}

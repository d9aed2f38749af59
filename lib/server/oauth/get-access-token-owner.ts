import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { PRIVATE_TOKEN_PREFIX } from "@/lib/api/api-tokens";
import type { Db } from "@/lib/server/db/client";
import { accounts, oauthClients, oauthTokens, users } from "@/lib/server/db/schema";
import { sha256 } from "@/lib/server/crypto";
import { getApiTokenOwner } from "@/lib/server/api-tokens/get-api-token-owner";
import { env } from "@/lib/env";
import { cacheUsable } from "@/lib/server/auth-cache/listener";
import { cacheGeneration, cachedOwner, rememberOwner } from "@/lib/server/auth-cache/token-cache";

export type TokenOwner = {
  /** An OAuth access token issued to an application, or a user's private API token. */
  kind: "oauth" | "private";
  tokenId: string;
  /** The OAuth client (oauth_clients.id) the token was issued to; null for private tokens. */
  clientId: string | null;
  /** The service's own dashboard client (the only one allowed on /ext administration). */
  firstParty: boolean;
  scopes: string[];
  user: typeof users.$inferSelect | null;
  account: typeof accounts.$inferSelect | null;
};

/**
 * The live token's owner, or null. Private tokens carry a prefix that OAuth
 * tokens (base64url of random bytes, 43 characters) cannot have in its
 * place, so a lookup costs one indexed query in the right table; repeated
 * calls within AUTH_CACHE_SECONDS are answered from the process's cache
 * (lib/server/auth-cache), which revocations empty at once on every instance.
 */
export async function getAccessTokenOwner(db: Db, accessToken: string): Promise<TokenOwner | null> {
  const hash = sha256(accessToken);
  const usable = cacheUsable();
  if (usable) {
    const cached = cachedOwner(hash);
    if (cached) return cached;
  }
  const generation = cacheGeneration();
  const found = accessToken.startsWith(PRIVATE_TOKEN_PREFIX)
    ? { owner: await getApiTokenOwner(db, accessToken), expiresAt: null }
    : await getOAuthTokenOwner(db, hash);
  // Only owners that authenticate (a user); a missing or dead token is asked again next time.
  if (usable && found.owner?.user) {
    const ttl = Date.now() + env().AUTH_CACHE_SECONDS * 1000;
    rememberOwner(hash, found.owner, generation, Math.min(ttl, found.expiresAt?.getTime() ?? ttl));
  }
  return found.owner;
}

/** The live (unexpired, unrevoked) OAuth access token's owner, or null, and when the token expires. */
async function getOAuthTokenOwner(db: Db, accessTokenHash: string): Promise<{ owner: TokenOwner | null; expiresAt: Date | null }> {
  const [row] = await db
    .select({ token: oauthTokens, user: users, account: accounts, client: oauthClients.id, firstParty: oauthClients.firstParty })
    .from(oauthTokens)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthTokens.clientId))
    .leftJoin(users, eq(users.id, oauthTokens.userId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        eq(oauthTokens.accessTokenHash, accessTokenHash),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) return { owner: null, expiresAt: null };
  const owner: TokenOwner = {
    kind: "oauth",
    tokenId: row.token.id,
    clientId: row.token.clientId,
    firstParty: row.firstParty,
    scopes: row.token.scope.split(" "),
    user: row.user,
    account: row.account,
  };
  return { owner, expiresAt: row.token.expiresAt };
}

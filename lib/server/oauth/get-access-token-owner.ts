import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { PRIVATE_TOKEN_PREFIX } from "@/lib/api/api-tokens";
import type { Db } from "@/lib/server/db/client";
import { accounts, oauthClients, oauthTokens, users } from "@/lib/server/db/schema";
import { sha256 } from "@/lib/server/crypto";
import { getApiTokenOwner } from "@/lib/server/api-tokens/get-api-token-owner";

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
 * place, so each request costs one indexed query in the right table.
 */
export async function getAccessTokenOwner(db: Db, accessToken: string): Promise<TokenOwner | null> {
  if (accessToken.startsWith(PRIVATE_TOKEN_PREFIX)) return getApiTokenOwner(db, accessToken);
  return getOAuthTokenOwner(db, accessToken);
}

/** The live (unexpired, unrevoked) OAuth access token's owner, or null. */
async function getOAuthTokenOwner(db: Db, accessToken: string): Promise<TokenOwner | null> {
  const [row] = await db
    .select({ token: oauthTokens, user: users, account: accounts, client: oauthClients.id, firstParty: oauthClients.firstParty })
    .from(oauthTokens)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthTokens.clientId))
    .leftJoin(users, eq(users.id, oauthTokens.userId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        eq(oauthTokens.accessTokenHash, sha256(accessToken)),
        isNull(oauthTokens.revokedAt),
        gt(oauthTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    kind: "oauth",
    tokenId: row.token.id,
    clientId: row.token.clientId,
    firstParty: row.firstParty,
    scopes: row.token.scope.split(" "),
    user: row.user,
    account: row.account,
  };
}

import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { accounts, oauthClients, oauthTokens, users } from "@/lib/server/db/schema";
import { sha256 } from "@/lib/server/crypto";

export type TokenOwner = {
  tokenId: string;
  clientId: string;
  /** The service's own dashboard client (the only one allowed on /ext administration). */
  firstParty: boolean;
  scopes: string[];
  user: typeof users.$inferSelect | null;
  account: typeof accounts.$inferSelect | null;
};

/** The live (unexpired, unrevoked) access token's owner, or null. */
export async function getAccessTokenOwner(db: Db, accessToken: string): Promise<TokenOwner | null> {
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
    tokenId: row.token.id,
    clientId: row.token.clientId,
    firstParty: row.firstParty,
    scopes: row.token.scope.split(" "),
    user: row.user,
    account: row.account,
  };
}

import "server-only";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { accounts, apiTokens, users } from "@/lib/server/db/schema";
import { sha256 } from "@/lib/server/crypto";
import type { TokenOwner } from "@/lib/server/oauth/get-access-token-owner";

/** last_used_at is a hint for its owner, not an audit log: one write a minute per token at most. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The owner of a live (unrevoked) private token, or null: one indexed query
 * (token_hash is unique). Private tokens never expire and are never first
 * party, so the /ext administration refuses them like any application's token.
 */
export async function getApiTokenOwner(db: Db, token: string): Promise<TokenOwner | null> {
  const [row] = await db
    .select({ token: apiTokens, user: users, account: accounts })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(apiTokens.tokenHash, sha256(token)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row) return null;
  await touchLastUsed(db, row.token);
  return {
    kind: "private",
    tokenId: row.token.id,
    clientId: null,
    firstParty: false,
    scopes: row.token.scope.split(" "),
    user: row.user,
    account: row.account,
  };
}

/**
 * A second statement only when the stored time is a minute old; the
 * condition is repeated in SQL so that concurrent requests (or instances)
 * write it once.
 */
async function touchLastUsed(db: Db, token: typeof apiTokens.$inferSelect) {
  const now = new Date();
  if (token.lastUsedAt && now.getTime() - token.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, token.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, staleBefore))));
}

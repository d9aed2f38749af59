import "server-only";
import { PRIVATE_TOKEN_PREFIX, type ApiToken, type CreateApiTokenBody } from "@/lib/api/api-tokens";
import type { Db } from "@/lib/server/db/client";
import { apiTokens } from "@/lib/server/db/schema";
import { newId, randomToken, sha256 } from "@/lib/server/crypto";
import { serializeApiToken } from "./serialize-api-token";

/** How much of a token its owner sees in lists: the prefix and four random characters (of 43). */
const HINT_LENGTH = PRIVATE_TOKEN_PREFIX.length + 4;

/**
 * Makes a private API token for the user. The answer is the only time the
 * token itself is shown: only its SHA-256 is stored.
 */
export async function createApiToken(db: Db, userId: string, input: CreateApiTokenBody): Promise<ApiToken & { token: string }> {
  const token = `${PRIVATE_TOKEN_PREFIX}${randomToken(32)}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      id: newId(),
      userId,
      name: input.name,
      tokenHash: sha256(token),
      hint: token.slice(0, HINT_LENGTH),
      scope: input.scope,
    })
    .returning();
  return { ...serializeApiToken(row!), token };
}

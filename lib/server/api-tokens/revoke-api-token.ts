import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { apiTokens } from "@/lib/server/db/schema";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";

/**
 * Revokes one of the user's private tokens: it stops working with the next
 * request, on every instance (the token cache is told at once). The row stays, marked,
 * so the revocation is on record; lists no longer show it. Another user's
 * token, an unknown id or an already revoked token is a 404.
 */
export async function revokeApiToken(db: Db, userId: string, id: string) {
  const [revoked] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (!revoked) throw new ApiError("notFound");
  await invalidateAuthCache(db, { tokenIds: [revoked.id] });
}

import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { oauthTokens } from "@/lib/server/db/schema";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";

/** Revokes every token descended from one grant (code replay, refresh reuse). */
export async function revokeTokenFamily(db: Db, familyId: string) {
  const revoked = await db
    .update(oauthTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(oauthTokens.familyId, familyId), isNull(oauthTokens.revokedAt)))
    .returning({ id: oauthTokens.id });
  if (revoked.length) await invalidateAuthCache(db, { tokenIds: revoked.map((r) => r.id) });
}

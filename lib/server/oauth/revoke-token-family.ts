import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { oauthTokens } from "@/lib/server/db/schema";

/** Revokes every token descended from one grant (code replay, refresh reuse). */
export async function revokeTokenFamily(db: Db, familyId: string) {
  await db
    .update(oauthTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(oauthTokens.familyId, familyId), isNull(oauthTokens.revokedAt)));
}

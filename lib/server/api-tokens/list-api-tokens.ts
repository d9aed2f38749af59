import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { apiTokens } from "@/lib/server/db/schema";
import { serializeApiToken } from "./serialize-api-token";

/** The user's live private tokens, newest first (revoked ones are gone for good). */
export async function listApiTokens(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(serializeApiToken);
}

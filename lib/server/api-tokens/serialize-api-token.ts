import "server-only";
import type { ApiToken } from "@/lib/api/api-tokens";
import { apiTime, apiTimeOrNull } from "@/lib/api/time";
import type { apiTokens } from "@/lib/server/db/schema";

export const serializeApiToken = (t: typeof apiTokens.$inferSelect): ApiToken => ({
  id: t.id,
  name: t.name,
  scope: t.scope,
  hint: `${t.hint}…`,
  created_at: apiTime(t.createdAt),
  last_used_at: apiTimeOrNull(t.lastUsedAt),
});

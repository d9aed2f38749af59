import "server-only";
import { sql } from "drizzle-orm";
import { env } from "@/lib/env";
import type { Db } from "@/lib/server/db/client";
import { metrics } from "@/lib/server/observability/metrics";
import { CHANNEL } from "./listener";
import { forgetOwners, type CacheTarget } from "./token-cache";

/** NOTIFY payloads are limited to 8000 bytes; a longer list is sent as "everything". */
const MAX_PAYLOAD = 7000;

/**
 * After a token is revoked, or a user's or account's rows change: this
 * process drops the cached owners at once, and on PostgreSQL every other
 * instance does when the NOTIFY reaches it (inside a transaction, at its
 * commit, so never before the change is visible). Call it with the same db
 * (or transaction) that made the change, or after its commit.
 *
 * Only the services that change what a cached owner carries call it (token
 * revocation and rotation, the OAuth client, the user's and the account's
 * rows), with the narrowest target: other writes cost no invalidation.
 */
export async function invalidateAuthCache(db: Db, target: CacheTarget) {
  metrics().authCacheInvalidations.inc({ target: targetKind(target) });
  forgetOwners(target);
  if (env().embedded) return;
  let payload = JSON.stringify(target);
  if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ all: true });
  await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

/** The metric's label: what the invalidation names (the widest key given). */
function targetKind(target: CacheTarget): string {
  if (target.all) return "all";
  if (target.accountId !== undefined) return "account";
  if (target.clientId !== undefined) return "client";
  if (target.userId !== undefined) return "user";
  return "token";
}

import "server-only";
import { count, eq, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { accounts, documents } from "@/lib/server/db/schema";

type Account = typeof accounts.$inferSelect;

/** Plan checks that apply before anything is created (spec 4.6 errors). */
export function assertCanSend(account: Account, wantsKba: boolean) {
  if (!account.planEnabled) throw new ApiError("accountNotEnabled");
  if (wantsKba && !account.planKba) throw ApiError.badInput("kba", "is not available on this account's plan.");
}

/**
 * Inside the transaction that creates a document: serialises creations per
 * account (so concurrent requests cannot overshoot the limit) and checks the
 * quota.
 */
export async function lockAccountAndCheckQuota(tx: Db, account: Account) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${account.id}))`);
  if (account.planDocumentLimit === null) return;
  const [row] = await tx.select({ n: count() }).from(documents).where(eq(documents.accountId, account.id));
  if ((row?.n ?? 0) >= account.planDocumentLimit) throw new ApiError("documentLimitReached");
}

/** The early, unlocked check made when a request is accepted; the locked one runs when the document is made. */
export async function assertQuotaLeft(db: Db, account: Account) {
  if (account.planDocumentLimit === null) return;
  const [row] = await db.select({ n: count() }).from(documents).where(eq(documents.accountId, account.id));
  if ((row?.n ?? 0) >= account.planDocumentLimit) throw new ApiError("documentLimitReached");
}

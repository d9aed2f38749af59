import "server-only";
import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { accounts, documents } from "@/lib/server/db/schema";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";

/** A new Standard Webhooks key (standard base64, which their verifier libraries require). */
export const newCallbackSecret = () => `whsec_${crypto.randomBytes(24).toString("base64")}`;

export async function getCallbackSecret(db: Db, accountId: string) {
  const [row] = await db.select({ secret: accounts.callbackSecret }).from(accounts).where(eq(accounts.id, accountId));
  return row!.secret;
}

/** Rotating takes effect at once: deliveries signed from now on use the new key. */
export async function rotateCallbackSecret(db: Db, accountId: string) {
  const secret = newCallbackSecret();
  await db.update(accounts).set({ callbackSecret: secret }).where(eq(accounts.id, accountId));
  // Cached token owners carry the account row, the old secret included.
  await invalidateAuthCache(db, { accountId });
  return secret;
}

export async function getAccountPlan(db: Db, accountId: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  const [used] = await db.select({ n: count() }).from(documents).where(eq(documents.accountId, accountId));
  return {
    account: {
      name: account!.name,
      plan: { kba: account!.planKba, document_limit: account!.planDocumentLimit, enabled: account!.planEnabled },
      documents_used: used?.n ?? 0,
    },
  };
}

import "server-only";
import crypto from "node:crypto";
import { count, desc, eq } from "drizzle-orm";
import { apiTime, apiTimeOrNull } from "@/lib/api/time";
import type { Db } from "@/lib/server/db/client";
import { accounts, documents, outboxEmails } from "@/lib/server/db/schema";

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
  return secret;
}

/** The account's e-mails, newest first (the embedded default keeps them only here). */
export async function listOutbox(db: Db, accountId: string, page: number, perPage: number) {
  const where = eq(outboxEmails.accountId, accountId);
  const [rows, [total]] = await Promise.all([
    db.select().from(outboxEmails).where(where).orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(outboxEmails).where(where),
  ]);
  return {
    emails: rows.map((e) => ({
      id: e.id,
      kind: e.kind,
      to: e.to,
      subject: e.subject,
      text: e.text,
      status: e.status,
      error: e.error,
      document_id: e.documentId,
      created_at: apiTime(e.createdAt),
      sent_at: apiTimeOrNull(e.sentAt),
    })),
    meta: { total_pages: Math.max(1, Math.ceil((total?.n ?? 0) / perPage)) },
  };
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

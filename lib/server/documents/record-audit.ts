import "server-only";
import type { Db } from "@/lib/server/db/client";
import { audits } from "@/lib/server/db/schema";

export type AuditInput = {
  documentId: string;
  accountId: string;
  keyword: string;
  payload: string;
  userId?: string | null;
  recipientId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
};

export async function recordAudit(db: Db, input: AuditInput) {
  await db.insert(audits).values(input);
}

/** The caller's address as seen by the first proxy, for audit entries. */
export function requestOrigin(req: Request) {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return { ipAddress: forwarded || req.headers.get("x-real-ip") || null, userAgent: req.headers.get("user-agent") };
}

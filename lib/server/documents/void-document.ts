import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { documents, type users } from "@/lib/server/db/schema";
import { getAccessibleDocumentOrThrow } from "./document-access";
import { recordAudit, type AuditInput } from "./record-audit";

const VOIDABLE = ["draft", "pending"];

/** Spec 3.1: draft or pending → voided; anything else is refused unchanged. */
export async function voidDocument(
  db: Db,
  user: typeof users.$inferSelect,
  id: string,
  origin: Pick<AuditInput, "ipAddress" | "userAgent"> = {},
) {
  const doc = await getAccessibleDocumentOrThrow(db, user, id);
  // The state check is part of the update so a concurrent signing or second void cannot slip between.
  const [voided] = await db
    .update(documents)
    .set({ state: "voided", updatedAt: new Date() })
    .where(and(eq(documents.id, doc.id), inArray(documents.state, VOIDABLE)))
    .returning();
  if (!voided) throw new ApiError("cannotVoid");
  await recordAudit(db, {
    documentId: doc.id,
    accountId: doc.accountId,
    userId: user.id,
    keyword: "voided",
    payload: `${user.name} (${user.email}) voided the document.`,
    ...origin,
  });
  return voided;
}

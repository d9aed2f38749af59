import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { documents, type users } from "@/lib/server/db/schema";
import { hashPassword } from "@/lib/server/crypto";
import { getAccessibleDocumentOrThrow } from "./document-access";
import { recordAudit } from "./record-audit";

/** Sets (or replaces) the PIN signers must enter; stored hashed. */
export async function updateDocumentPin(db: Db, user: typeof users.$inferSelect, id: string, pin: string) {
  const doc = await getAccessibleDocumentOrThrow(db, user, id);
  const pinHash = await hashPassword(pin);
  const [updated] = await db.update(documents).set({ pinHash, updatedAt: new Date() }).where(eq(documents.id, doc.id)).returning();
  await recordAudit(db, {
    documentId: doc.id,
    accountId: doc.accountId,
    userId: user.id,
    keyword: "pin_updated",
    payload: `${user.name} changed the document's PIN.`,
  });
  return updated!;
}

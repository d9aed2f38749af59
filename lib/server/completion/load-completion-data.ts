import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { audits, documents, fieldValues, recipients, users } from "@/lib/server/db/schema";

export type CompletionData = NonNullable<Awaited<ReturnType<typeof loadCompletionData>>>;

/** Everything the signed PDF and the certificate are made of; null when the document is gone. */
export async function loadCompletionData(db: Db, documentId: string) {
  const [doc] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!doc) return null;
  const [sender] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, doc.senderUserId));
  const people = await db
    .select()
    .from(recipients)
    .where(eq(recipients.documentId, documentId))
    .orderBy(asc(recipients.sequence), asc(recipients.createdAt));
  // Time first, then insertion order for entries written in the same instant.
  const trail = await db.select().from(audits).where(eq(audits.documentId, documentId)).orderBy(asc(audits.seq), asc(audits.id));
  const values = await db
    .select({ fieldId: fieldValues.fieldId, value: fieldValues.value })
    .from(fieldValues)
    .where(eq(fieldValues.documentId, documentId));
  return { doc, sender: sender ?? { name: "(deleted user)", email: "" }, people, trail, values };
}

/** Where a signer signed from: their latest "signed" audit entry (IP and browser as the request gave them). */
export function signingOriginOf(trail: CompletionData["trail"], recipientId: string) {
  const entry = trail.filter((a) => a.recipientId === recipientId && a.keyword === "signed").at(-1);
  return { ipAddress: entry?.ipAddress ?? null, userAgent: entry?.userAgent ?? null };
}

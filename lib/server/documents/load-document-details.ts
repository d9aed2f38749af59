import "server-only";
import { asc, inArray } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { audits, fieldValues, recipients, users } from "@/lib/server/db/schema";
import type { DocumentRow } from "./document-access";

export type DocumentDetails = {
  doc: DocumentRow;
  sender: { id: string; name: string; email: string };
  recipients: (typeof recipients.$inferSelect)[];
  audits: (typeof audits.$inferSelect)[];
  fieldValues?: (typeof fieldValues.$inferSelect)[];
};

/**
 * Everything a document's representation needs, fetched with one query per
 * table for the whole page (not one per document).
 */
export async function loadDocumentDetails(
  db: Db,
  docs: DocumentRow[],
  options: { withFieldValues?: boolean } = {},
): Promise<DocumentDetails[]> {
  if (docs.length === 0) return [];
  const ids = docs.map((d) => d.id);
  const senderIds = [...new Set(docs.map((d) => d.senderUserId))];
  const [recipientRows, auditRows, senderRows, valueRows] = await Promise.all([
    db.select().from(recipients).where(inArray(recipients.documentId, ids)).orderBy(asc(recipients.sequence), asc(recipients.createdAt)),
    db.select().from(audits).where(inArray(audits.documentId, ids)).orderBy(asc(audits.id)),
    db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, senderIds)),
    options.withFieldValues
      ? db.select().from(fieldValues).where(inArray(fieldValues.documentId, ids))
      : Promise.resolve(undefined),
  ]);
  const group = <T extends { documentId: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.documentId, [...(map.get(row.documentId) ?? []), row]);
    return map;
  };
  const byDocRecipients = group(recipientRows);
  const byDocAudits = group(auditRows);
  const byDocValues = valueRows ? group(valueRows) : undefined;
  const sendersById = new Map(senderRows.map((s) => [s.id, s]));
  return docs.map((doc) => ({
    doc,
    sender: sendersById.get(doc.senderUserId) ?? { id: doc.senderUserId, name: "", email: "" },
    recipients: byDocRecipients.get(doc.id) ?? [],
    audits: byDocAudits.get(doc.id) ?? [],
    fieldValues: byDocValues ? (byDocValues.get(doc.id) ?? []) : undefined,
  }));
}

export async function loadOneDocumentDetails(db: Db, doc: DocumentRow): Promise<DocumentDetails> {
  const [details] = await loadDocumentDetails(db, [doc], { withFieldValues: true });
  return details!;
}



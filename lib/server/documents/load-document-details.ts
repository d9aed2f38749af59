import "server-only";
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/server/db/client";
import { audits, documents, fieldValues, recipients, users } from "@/lib/server/db/schema";
import type { DocumentRow } from "./document-access";

/**
 * The document columns a listed document's representation reads (serialize-document.ts without
 * `single`). The list reads only these: the others (fields, merge fields, signed pages, hashes, …)
 * are most of a row's bytes, and on PGlite every column of every row is decoded in JavaScript.
 */
export const listedDocumentColumns = {
  id: documents.id,
  senderUserId: documents.senderUserId,
  currentSignerId: documents.currentSignerId,
  name: documents.name,
  filename: documents.filename,
  state: documents.state,
  executedAt: documents.executedAt,
  expiresAt: documents.expiresAt,
  sentAt: documents.sentAt,
  pages: documents.pages,
  originalFileKey: documents.originalFileKey,
  signedPdfKey: documents.signedPdfKey,
  signatureLevel: documents.signatureLevel,
  voidReason: documents.voidReason,
  signerSequencing: documents.signerSequencing,
  tags: documents.tags,
  mergeFieldValues: documents.mergeFieldValues,
  apiEmbedded: documents.apiEmbedded,
  embedWidth: documents.embedWidth,
  embedHeight: documents.embedHeight,
  inPerson: documents.inPerson,
  sharedWith: documents.sharedWith,
  identityMethod: documents.identityMethod,
  pinHash: documents.pinHash,
};
export type ListedDocumentRow = Pick<DocumentRow, keyof typeof listedDocumentColumns>;

// Likewise only the recipient and audit columns the representation reads (no tokens' state, hashes, user agents).
const recipientColumns = {
  id: recipients.id,
  documentId: recipients.documentId,
  roleName: recipients.roleName,
  name: recipients.name,
  email: recipients.email,
  status: recipients.status,
  message: recipients.message,
  sequence: recipients.sequence,
  isSender: recipients.isSender,
  omitted: recipients.omitted,
  linkVersion: recipients.linkVersion,
};
const auditColumns = {
  id: audits.id,
  documentId: audits.documentId,
  accountId: audits.accountId,
  userId: audits.userId,
  keyword: audits.keyword,
  payload: audits.payload,
  ipAddress: audits.ipAddress,
  createdAt: audits.createdAt,
};

export type DocumentDetails<D extends ListedDocumentRow = DocumentRow> = {
  doc: D;
  sender: { id: string; name: string; email: string };
  recipients: Pick<typeof recipients.$inferSelect, keyof typeof recipientColumns>[];
  audits: Pick<typeof audits.$inferSelect, keyof typeof auditColumns>[];
  fieldValues?: Pick<typeof fieldValues.$inferSelect, "documentId" | "fieldId" | "value">[];
};

type Sender = DocumentDetails["sender"];

/** `column = any($1)`: the page's ids as one array parameter, not one parameter each. */
export const anyOf = (column: AnyPgColumn, ids: string[]) => sql`${column} = any(${sql.param(ids)}::text[])`;

/**
 * Everything a document's representation needs, fetched with one query per
 * table for the whole page (not one per document). `knownSenders` (the caller,
 * whom the route has already read) are not looked up again: a list of one's
 * own documents then asks no users at all.
 */
export async function loadDocumentDetails<D extends ListedDocumentRow>(
  db: Db,
  docs: D[],
  options: { withFieldValues?: boolean; knownSenders?: Sender[] } = {},
): Promise<DocumentDetails<D>[]> {
  if (docs.length === 0) return [];
  const ids = docs.map((d) => d.id);
  const known = new Map((options.knownSenders ?? []).map((s) => [s.id, { id: s.id, name: s.name, email: s.email }]));
  const senderIds = [...new Set(docs.map((d) => d.senderUserId))].filter((id) => !known.has(id));
  const [{ recipientRows, auditRows, valueRows }, senderRows] = await Promise.all([
    recipientsAndAudits(db, ids, options.withFieldValues ?? false),
    senderIds.length ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(anyOf(users.id, senderIds)) : Promise.resolve([]),
  ]);
  const group = <T extends { documentId: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) {
      const list = map.get(row.documentId);
      if (list) list.push(row);
      else map.set(row.documentId, [row]);
    }
    return map;
  };
  const byDocRecipients = group(recipientRows);
  const byDocAudits = group(auditRows);
  const byDocValues = valueRows ? group(valueRows) : undefined;
  const sendersById = new Map([...known, ...senderRows.map((s): [string, Sender] => [s.id, s])]);
  return docs.map((doc) => ({
    doc,
    sender: sendersById.get(doc.senderUserId) ?? { id: doc.senderUserId, name: "", email: "" },
    recipients: byDocRecipients.get(doc.id) ?? [],
    audits: byDocAudits.get(doc.id) ?? [],
    fieldValues: byDocValues ? (byDocValues.get(doc.id) ?? []) : undefined,
  }));
}

/**
 * The page's recipients and audit entries (and, for a single retrieval, its field values) in one
 * statement, each table as one JSON array (in the order
 * the list shows them): on PGlite every column of every row is decoded in JavaScript, which for a page
 * of 100 documents (~200 recipients, ~250 entries, ~4,000 values) cost more than the queries; one text
 * per table is one JSON.parse. Timestamps travel as the very text the driver would have received
 * (`::text`), turned into Dates by `new Date(text)` as drizzle's timestamp columns do.
 */
async function recipientsAndAudits(db: Db, ids: string[], withFieldValues: boolean) {
  const object = (columns: Record<string, AnyPgColumn>, asText: string[] = []) =>
    sql.join(
      Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${asText.includes(key) ? sql`${column}::text` : column}`),
      sql`, `,
    );
  const page = () => sql`${sql.param(ids)}::text[]`;
  const result = (await db.execute(sql`select
    (select coalesce(json_agg(json_build_object(${object(recipientColumns)}) order by ${recipients.sequence}, ${recipients.createdAt}, ${recipients.id}), '[]')::text
       from ${recipients} where ${recipients.documentId} = any(${page()})) as recipients,
    (select coalesce(json_agg(json_build_object(${object(auditColumns, ["createdAt"])}) order by ${audits.id}), '[]')::text
       from ${audits} where ${audits.documentId} = any(${page()})) as audits,
    ${withFieldValues
      ? sql`(select coalesce(json_agg(json_build_object(${object({ documentId: fieldValues.documentId, fieldId: fieldValues.fieldId, value: fieldValues.value })})), '[]')::text
         from ${fieldValues} where ${fieldValues.documentId} = any(${page()}))`
      : sql`null`} as field_values`)) as unknown as { rows: { recipients: string; audits: string; field_values: string | null }[] };
  const row = result.rows[0]!;
  type AuditRow = DocumentDetails["audits"][number];
  return {
    recipientRows: JSON.parse(row.recipients) as DocumentDetails["recipients"],
    valueRows: row.field_values === null ? undefined : (JSON.parse(row.field_values) as NonNullable<DocumentDetails["fieldValues"]>),
    auditRows: (JSON.parse(row.audits) as (Omit<AuditRow, "createdAt"> & { createdAt: string })[]).map((a): AuditRow => ({ ...a, createdAt: new Date(a.createdAt) })),
  };
}

export async function loadOneDocumentDetails(db: Db, doc: DocumentRow, knownSenders?: Sender[]): Promise<DocumentDetails> {
  const [details] = await loadDocumentDetails(db, [doc], { withFieldValues: true, knownSenders });
  return details!;
}

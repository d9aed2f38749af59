import "server-only";
import { asc, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { DocumentDraft } from "@/lib/api/builder";
import type { Db } from "@/lib/server/db/client";
import { documents, recipients, type users } from "@/lib/server/db/schema";
import { rowsToDefinition } from "@/lib/server/templates/definition-rows";
import { serializePages } from "./serialize-pages";

/** Only the sender prepares a document (a shared user may read it, not change it). */
export async function getSentDocumentOrThrow(db: Db, user: typeof users.$inferSelect, id: string) {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!doc) throw new ApiError("documentNotFound");
  if (doc.senderUserId !== user.id) throw new ApiError("notDocumentSender");
  return doc;
}

/** A document with its fields' positions and its recipients, for the builder (any state; only drafts can be saved). */
export async function getDocumentDraft(db: Db, user: typeof users.$inferSelect, id: string): Promise<DocumentDraft> {
  const doc = await getSentDocumentOrThrow(db, user, id);
  const people = await db.select().from(recipients).where(eq(recipients.documentId, id)).orderBy(asc(recipients.sequence));
  const { fields, merge_fields } = rowsToDefinition({ roles: [], fields: doc.fields, mergeFields: doc.mergeFields });
  const valueOf = (m: { id: string; name: string }) =>
    (doc.mergeFieldValues.find((v) => v.id === m.id) ?? doc.mergeFieldValues.find((v) => v.name === m.name))?.value ?? "";
  return {
    id: doc.id,
    name: doc.name,
    state: doc.state,
    filename: doc.filename,
    signer_sequencing: doc.signerSequencing,
    pages: serializePages(doc.pages),
    recipients: people.map((r) => ({ id: r.id, role_name: r.roleName, name: r.name, email: r.email, sequence: r.sequence, omitted: r.omitted })),
    fields,
    merge_fields: merge_fields.map((m) => ({ ...m, value: valueOf(m) })),
  };
}

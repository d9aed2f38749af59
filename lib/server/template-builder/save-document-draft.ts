import "server-only";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import type { saveDocumentDraftBody } from "@/lib/api/builder";
import { templateDefinitionSchema } from "@/lib/api/template-definition";
import type { Db } from "@/lib/server/db/client";
import { documents, recipients, type users } from "@/lib/server/db/schema";
import { definitionToRows } from "@/lib/server/templates/definition-rows";
import { recordAudit } from "@/lib/server/documents/record-audit";
import { parseOrThrow } from "@/lib/server/http/parse";
import { assertFitsPages } from "./definition-problems";
import { getDocumentDraft, getSentDocumentOrThrow } from "./get-document-draft";

type Body = z.output<typeof saveDocumentDraftBody>;

/**
 * Saves the builder's changes to a draft: its name, its fields (ids kept, so
 * nothing else refers to a stale one) and the recipients' names and
 * e-mails. Roles stay those the draft was made with. Only drafts change: once
 * sent, what the signers were sent is fixed.
 */
export async function saveDocumentDraft(db: Db, user: typeof users.$inferSelect, id: string, body: Body) {
  const doc = await getSentDocumentOrThrow(db, user, id);
  if (doc.state !== "draft") throw ApiError.badInput("id", `the document is ${doc.state}; only drafts can be prepared.`);
  const people = await db.select().from(recipients).where(eq(recipients.documentId, id));
  const roles = people.map((p) => ({ name: p.roleName, sequence: p.sequence }));
  // The same rules as a template's fields (roles exist, boxes on the page).
  const def = parseOrThrow(templateDefinitionSchema, { name: body.name, roles, fields: body.fields });
  assertFitsPages(def, doc.pages, doc.fields);
  const { fields } = definitionToRows(def, { fieldIds: doc.fields.map((f) => f.id) });
  for (const r of body.recipients) {
    const person = people.find((p) => p.id === r.id);
    if (!person) throw ApiError.badInput("recipients", `no recipient with id ${r.id} on this document.`);
    if (!person.omitted && !r.email) throw ApiError.badInput("recipients", `${person.roleName} needs an e-mail address.`);
  }

  await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(documents)
      .set({ name: def.name, fields, updatedAt: new Date() })
      .where(and(eq(documents.id, id), eq(documents.state, "draft")))
      .returning({ id: documents.id });
    if (!saved) throw ApiError.badInput("id", "the document was sent or voided meanwhile; only drafts can be prepared.");
    for (const r of body.recipients) {
      await tx.update(recipients).set({ name: r.name, email: r.email || null }).where(and(eq(recipients.id, r.id), eq(recipients.documentId, id)));
    }
    await recordAudit(tx, { documentId: id, accountId: doc.accountId, userId: user.id, keyword: "prepared", payload: `Draft edited by ${user.name} (${user.email}): ${fields.length} field(s).` });
  });
  return getDocumentDraft(db, user, id);
}

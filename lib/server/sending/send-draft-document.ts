import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { documents, recipients, type users } from "@/lib/server/db/schema";
import { env } from "@/lib/env";
import { rolesWithoutFields } from "@/lib/api/field-rules";
import { recordDocumentCallback } from "@/lib/server/callbacks/record-callback";
import { recordAudit } from "@/lib/server/documents/record-audit";
import { dispatchSideEffects } from "./after-commit";
import { queueSigningRequests } from "./queue-signing-requests";

/** The review page of a draft made by prepare_document (spec 4.4) or a prepared sending request. */
export const documentPreparationUrl = (id: string) => `${env().APP_URL}/documents/${id}/prepare`;

export type SendDraftResult = "sent" | "not_found" | "not_sender" | "not_draft" | { noFieldsFor: string };

const DAY_MS = 24 * 3600 * 1000;

/**
 * draft → pending, with everything send_document does: the expiry counts
 * from now, signers are e-mailed, the `created` callback fires.
 */
export async function sendDraftDocument(db: Db, user: typeof users.$inferSelect, id: string): Promise<SendDraftResult> {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!doc) return "not_found";
  if (doc.senderUserId !== user.id) return "not_sender";
  if (doc.state !== "draft") return "not_draft";
  // A signer with nothing to fill in or sign would be asked to sign nothing: the sender places a field first.
  const people = await db.select().from(recipients).where(eq(recipients.documentId, id)).orderBy(asc(recipients.sequence));
  const [bare] = rolesWithoutFields(people.map((p) => ({ name: p.roleName, omitted: p.omitted })), doc.fields);
  if (bare !== undefined) return { noFieldsFor: bare };

  const now = new Date();
  const days = Math.max(1, Math.round((doc.expiresAt.getTime() - doc.createdAt.getTime()) / DAY_MS));
  const result = await db.transaction(async (tx) => {
    const [sent] = await tx
      .update(documents)
      .set({ state: "pending", sentAt: now, expiresAt: new Date(now.getTime() + days * DAY_MS), updatedAt: now })
      .where(and(eq(documents.id, id), eq(documents.state, "draft")))
      .returning();
    if (!sent) return null;
    const people = await tx.select().from(recipients).where(eq(recipients.documentId, id)).orderBy(asc(recipients.sequence));
    await recordAudit(tx, {
      documentId: id,
      accountId: sent.accountId,
      userId: user.id,
      keyword: "sent",
      payload: `Document sent to ${people.filter((p) => !p.omitted).map((p) => (p.email ? `${p.name} (${p.email})` : p.name)).join(", ")}.`,
    });
    const emailIds = await queueSigningRequests(tx, sent, people, user);
    const callbackId = await recordDocumentCallback(tx, { document: sent, event: "created" });
    return { emailIds, callbackIds: [callbackId] };
  });
  if (!result) return "not_draft";
  await dispatchSideEffects(result);
  return "sent";
}

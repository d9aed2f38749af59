import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { SigningResult } from "@/lib/api/signing";
import type { Db } from "@/lib/server/db/client";
import { documents, fieldValues, recipients } from "@/lib/server/db/schema";
import { recordDocumentCallback } from "@/lib/server/callbacks/record-callback";
import { recordAudit } from "@/lib/server/documents/record-audit";
import { notifySender } from "@/lib/server/notifications/notify-sender";
import { dispatchSideEffects } from "@/lib/server/sending/after-commit";
import { queueSigningRequests } from "@/lib/server/sending/queue-signing-requests";
import { enqueue } from "@/lib/server/jobs/boss";
import { getStorage } from "@/lib/server/storage/storage";
import { newId } from "@/lib/server/crypto";
import { signUrl } from "./signer-token";
import { assertCanSignNow, type SignerContext } from "./signer-context";
import { SigningError } from "./signing-error";
import { validateFieldValues } from "./validate-field-values";

type Origin = { ipAddress: string | null; userAgent: string | null };

/**
 * One signer signs: their answers are stored, they are marked signed, the
 * turn passes to the next signer (who is e-mailed), and when nobody is left
 * the document is executed and the completion job is queued. The status
 * changes are conditional updates in one transaction, so two tabs or two
 * signers at once cannot both win.
 */
export async function submitSignature(db: Db, ctx: SignerContext, values: Record<string, string>, origin: Origin): Promise<SigningResult> {
  assertCanSignNow(ctx);
  const fields = ctx.doc.fields.filter((f) => f.role === ctx.signer.roleName);
  const validated = await validateFieldValues(fields, values, ctx.doc.pages);

  // Signature images are stored first, under keys unique to this submission: a
  // second tab's losing submission must never overwrite the winner's image.
  const submission = newId();
  const stored: { fieldId: string; value: string }[] = [];
  for (const v of validated) {
    if (v.image) {
      const key = `documents/${ctx.doc.id}/signatures/${v.fieldId}-${submission}.png`;
      await getStorage().put(key, v.image.bytes, v.image.contentType);
      stored.push({ fieldId: v.fieldId, value: `storage:${key}` });
    } else {
      stored.push({ fieldId: v.fieldId, value: v.value });
    }
  }

  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    // Serialise every signature of one document on its row: the signers still
    // pending are read after the lock, so of two last signatures submitted at
    // once exactly one sees nobody left and executes the document.
    const [lockedDoc] = await tx.select().from(documents).where(eq(documents.id, ctx.doc.id)).for("update");
    if (!lockedDoc) throw SigningError.invalidLink();
    const people = await tx
      .select()
      .from(recipients)
      .where(eq(recipients.documentId, ctx.doc.id))
      .orderBy(asc(recipients.sequence), asc(recipients.createdAt));
    const me = people.find((p) => p.id === ctx.signer.id);
    // The sender may have re-issued this signer's link (edit-recipient.ts) since the link was checked.
    if (!me || me.linkVersion !== ctx.signer.linkVersion) throw SigningError.invalidLink();
    assertCanSignNow({ ...ctx, doc: lockedDoc, signer: me, people });

    const [signed] = await tx
      .update(recipients)
      .set({ status: "signed", signedAt: now, viewedAt: sql`coalesce(${recipients.viewedAt}, ${now})` })
      .where(and(eq(recipients.id, ctx.signer.id), eq(recipients.status, "pending")))
      .returning();
    if (!signed) throw new SigningError(409, "You have already signed this document.");
    if (stored.length) {
      await tx.insert(fieldValues).values(stored.map((s) => ({ documentId: ctx.doc.id, recipientId: ctx.signer.id, ...s })));
    }
    const remaining = people
      .filter((p) => p.id !== ctx.signer.id && p.status === "pending" && !p.omitted)
      .sort((a, b) => a.sequence - b.sequence);
    const next = remaining[0] ?? null;
    const executed = remaining.length === 0;
    const [doc] = await tx
      .update(documents)
      .set({ currentSignerId: next?.id ?? null, updatedAt: now, ...(executed ? { state: "executed", executedAt: now } : {}) })
      .where(and(eq(documents.id, ctx.doc.id), eq(documents.state, "pending")))
      .returning();
    if (!doc) throw SigningError.closed(lockedDoc.state);

    await recordAudit(tx, {
      documentId: doc.id,
      accountId: doc.accountId,
      recipientId: ctx.signer.id,
      keyword: "signed",
      payload: `${ctx.signer.name}${ctx.signer.email ? ` (${ctx.signer.email})` : ""} signed the document.`,
      ...origin,
    });
    const callbackIds = [await recordDocumentCallback(tx, { document: doc, event: "signed" })];
    // The sender's "signed" notice, in this transaction: exactly one per signature (lib/server/notifications).
    // Its audit entry comes right after "signed" and before "executed", so the trail reads in order and the
    // chain's head when the files are sealed is the "executed" entry.
    const emailIds = await notifySender(tx, doc, { event: "signed", signer: signed, people: people.map((p) => (p.id === signed.id ? signed : p)) });
    if (executed) {
      await recordAudit(tx, { documentId: doc.id, accountId: doc.accountId, keyword: "executed", payload: "All signers have signed: the document is executed." });
      callbackIds.push(await recordDocumentCallback(tx, { document: doc, event: "executed" }));
    } else if (doc.signerSequencing && next) {
      emailIds.push(...(await queueSigningRequests(tx, doc, people.map((p) => (p.id === ctx.signer.id ? signed : p)), ctx.sender)));
    }
    return { doc, next, executed, effects: { emailIds, callbackIds } };
  });

  // After the commit; a crash right here is repaired by the lost-work sweep
  // (lib/server/jobs/sweep-lost-work.ts), which queues completion for every
  // executed document without its files.
  await dispatchSideEffects(outcome.effects);
  if (outcome.executed) await enqueue("complete-document", { documentId: outcome.doc.id });
  return {
    state: outcome.doc.state,
    redirectUrl: outcome.doc.apiEmbedded ? null : outcome.doc.redirectUrl,
    nextSignerUrl: outcome.doc.inPerson && outcome.next ? signUrl(outcome.next) : null,
  };
}

import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { Db } from "@/lib/server/db/client";
import { accounts, documents, recipients, type users } from "@/lib/server/db/schema";
import { newId } from "@/lib/server/crypto";
import { assertCanSend, lockAccountAndCheckQuota } from "@/lib/server/sending/plan-limits";
import { appendAudits, type AuditInput } from "./record-audit";
import { lockSentDocumentOrThrow } from "./lock-sent-document";

const DAY_MS = 24 * 3600 * 1000;
const CORRECTABLE = new Set(["declined", "expired"]);

/**
 * "Correct and resend": a declined or expired document becomes the start of
 * a new draft with the same file, fields, merge values, recipients and
 * options (`corrected_from_id` pointing back), which the sender fixes in the
 * draft builder and sends. The original stays as it ended, with its trail.
 *
 * The draft shares the original's stored files (as documents share their
 * template's): they are never deleted while a document points at them
 * (delete-draft.ts removes only files under the draft's own folder).
 * Asking twice answers the draft made the first time while it is still a
 * draft, so a double click does not make two.
 */
export async function correctDocument(
  db: Db,
  user: typeof users.$inferSelect,
  sourceId: string,
  origin: Pick<AuditInput, "ipAddress" | "userAgent"> = {},
): Promise<{ id: string; state: "draft"; corrected_from_id: string }> {
  return db.transaction(async (tx) => {
    const source = await lockSentDocumentOrThrow(tx, user, sourceId);
    if (!CORRECTABLE.has(source.state)) {
      throw ApiError.badInput("id", `the document is ${source.state}; only a declined or expired document can be corrected and sent again.`);
    }
    const [earlier] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.correctedFromId, source.id), eq(documents.senderUserId, user.id), eq(documents.state, "draft")))
      .limit(1);
    if (earlier) return { id: earlier.id, state: "draft" as const, corrected_from_id: source.id };

    const [account] = await tx.select().from(accounts).where(eq(accounts.id, source.accountId));
    if (!account) throw new ApiError("documentNotFound");
    assertCanSend(account, source.kba);
    await lockAccountAndCheckQuota(tx, account);

    const now = new Date();
    const id = newId();
    // The same time to sign as the original had, counted when the draft is sent (send-draft-document.ts).
    const days = Math.max(1, Math.round((source.expiresAt.getTime() - (source.sentAt ?? source.createdAt).getTime()) / DAY_MS));
    const people = (await tx.select().from(recipients).where(eq(recipients.documentId, source.id)).orderBy(asc(recipients.sequence), asc(recipients.createdAt))).map(
      (r) => ({
        id: newId(),
        documentId: id,
        roleName: r.roleName,
        name: r.name,
        email: r.email,
        status: "pending",
        message: r.message,
        sequence: r.sequence,
        isSender: r.isSender,
        omitted: r.omitted,
        createdAt: now,
      }),
    );
    const current = people.filter((r) => !r.omitted).sort((a, b) => a.sequence - b.sequence)[0];
    await tx.insert(documents).values({
      id,
      accountId: source.accountId,
      senderUserId: user.id,
      templateId: source.templateId,
      name: source.name,
      filename: source.filename,
      state: "draft",
      message: source.message,
      kba: source.kba,
      inPerson: source.inPerson,
      identityMethod: source.identityMethod,
      signerSequencing: source.signerSequencing,
      pinHash: source.pinHash,
      tags: source.tags,
      sharedWith: source.sharedWith,
      mergeFieldValues: source.mergeFieldValues,
      fields: source.fields,
      mergeFields: source.mergeFields,
      redirectUrl: source.redirectUrl,
      callbackUrl: source.callbackUrl,
      apiEmbedded: source.apiEmbedded,
      embedWidth: source.embedWidth,
      embedHeight: source.embedHeight,
      currentSignerId: current?.id ?? null,
      originalFileKey: source.originalFileKey,
      pages: source.pages,
      correctedFromId: source.id,
      expiresAt: new Date(now.getTime() + days * DAY_MS),
      createdAt: now,
      updatedAt: now,
    });
    if (people.length) await tx.insert(recipients).values(people);
    await appendAudits(tx, [
      {
        documentId: id,
        accountId: source.accountId,
        userId: user.id,
        keyword: "created",
        payload: `${user.name} made this draft to correct and resend "${source.name}" (${source.id}), which was ${source.state}.`,
        ...origin,
      },
      {
        documentId: source.id,
        accountId: source.accountId,
        userId: user.id,
        keyword: "corrected",
        payload: `${user.name} made a corrected copy to send again: document ${id}.`,
        ...origin,
      },
    ]);
    return { id, state: "draft" as const, corrected_from_id: source.id };
  });
}

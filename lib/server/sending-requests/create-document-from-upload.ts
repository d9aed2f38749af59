import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { accounts, documents, recipients, sendingRequests, users, type FieldDefinition, type PageInfo } from "@/lib/server/db/schema";
import { hashPassword, newId } from "@/lib/server/crypto";
import { appendAudits } from "@/lib/server/documents/record-audit";
import { sealCallbackUrl } from "@/lib/server/callbacks/callback-credentials";
import { recordDocumentCallback, recordSendingRequestCallback } from "@/lib/server/callbacks/record-callback";
import { lockAccountAndCheckQuota } from "@/lib/server/sending/plan-limits";
import { queueSigningRequests } from "@/lib/server/sending/queue-signing-requests";
import type { SideEffects } from "@/lib/server/sending/after-commit";
import type { SendingRequestRow } from "./serialize-sending-request";

const DAY_MS = 24 * 3600 * 1000;

export type ProcessedFile = { originalFileKey: string; pages: PageInfo[]; fields: FieldDefinition[] };

/** Thrown inside the transaction when the plan refuses; the request ends `errored` with this text. */
export class PlanRefusal extends Error {}

/**
 * The `creating_document` step: the document, its recipients and audit
 * trail, the e-mails and callbacks, and the request's `completed` status are
 * written in one transaction, so a crash or a second run of the job can never
 * leave a half-made document or make two.
 */
export async function createDocumentFromUpload(db: Db, request: SendingRequestRow, file: ProcessedFile): Promise<SideEffects> {
  const p = request.documentParams;
  const pinHash = p.pin ? await hashPassword(p.pin) : null;
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ user: users, account: accounts })
      .from(users)
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .where(eq(users.id, request.userId));
    if (!owner) throw new PlanRefusal("The user who made this request no longer exists.");
    if (!owner.account.planEnabled) throw new PlanRefusal("User account is not enabled.");
    try {
      await lockAccountAndCheckQuota(tx, owner.account);
    } catch {
      throw new PlanRefusal("User has reached document limit.");
    }

    const now = new Date();
    const draft = request.prepareDocument;
    const documentId = newId();
    const people = [...p.roles]
      .sort((a, b) => a.sequence - b.sequence)
      .map((r) => ({
        id: newId(),
        documentId,
        roleName: r.name,
        name: r.signer_name,
        email: r.signer_email,
        status: "pending",
        message: r.message,
        sequence: r.sequence,
        isSender: r.is_sender,
        createdAt: now,
      }));
    const [doc] = await tx
      .insert(documents)
      .values({
        id: documentId,
        accountId: owner.account.id,
        senderUserId: owner.user.id,
        name: p.name,
        filename: request.fileName,
        state: draft ? "draft" : "pending",
        kba: p.kba,
        identityMethod: p.identity_method,
        signerSequencing: p.signer_sequencing,
        pinHash,
        tags: p.tags,
        sharedWith: p.shared_with,
        fields: file.fields,
        callbackUrl: sealCallbackUrl(p.callback_url), // sealed already, unless stored before sealing existed
        apiEmbedded: p.api_embedded,
        embedWidth: p.api_embed_width,
        embedHeight: p.api_embed_height,
        currentSignerId: people[0]?.id ?? null,
        originalFileKey: file.originalFileKey,
        pages: file.pages,
        sentAt: draft ? null : now,
        expiresAt: new Date(now.getTime() + p.expires_in * DAY_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const inserted = await tx.insert(recipients).values(people).returning();
    const who = owner.user.email ? `${owner.user.name} (${owner.user.email})` : owner.user.name;
    await appendAudits(tx, [
      { documentId, accountId: owner.account.id, userId: owner.user.id, keyword: "created", payload: `Document created by ${who} from the uploaded file ${request.fileName}.` },
      ...(draft
        ? []
        : [{ documentId, accountId: owner.account.id, userId: owner.user.id, keyword: "sent", payload: `Document sent to ${people.map((r) => `${r.name} (${r.email})`).join(", ")}.` }]),
    ]);

    const [completed] = await tx
      .update(sendingRequests)
      .set({ status: "completed", statusMessage: null, documentId, updatedAt: now })
      .where(and(eq(sendingRequests.id, request.id), ne(sendingRequests.status, "completed")))
      .returning();
    // Another run of this job finished first: undo ours.
    if (!completed) throw new AlreadyCompleted();

    const emailIds = draft ? [] : await queueSigningRequests(tx, doc!, inserted, owner.user);
    const callbackIds = [
      draft ? null : await recordDocumentCallback(tx, { document: doc!, event: "created" }),
      await recordSendingRequestCallback(tx, { sendingRequest: completed }),
    ];
    return { emailIds, callbackIds };
  });
}

export class AlreadyCompleted extends Error {}

import "server-only";
import { and, eq, notInArray } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { sendingRequests } from "@/lib/server/db/schema";
import { getStorage } from "@/lib/server/storage/storage";
import { recordSendingRequestCallback } from "@/lib/server/callbacks/record-callback";
import { dispatchSideEffects } from "@/lib/server/sending/after-commit";
import { processUpload, rolesInSigningOrder } from "@/lib/server/processing/process-upload";
import { ProcessingError } from "@/lib/server/processing/processing-error";
import { AlreadyCompleted, createDocumentFromUpload, PlanRefusal } from "./create-document-from-upload";
import { log } from "@/lib/server/observability/logger";

const FINAL = ["completed", "errored"];

export type JobAttempt = { retryCount: number; retryLimit: number };

/**
 * The process-sending-request job: processing → creating_document →
 * completed, or errored with a reason a person understands. Safe to run again
 * after a crash at any point (files are written under fixed keys, the
 * document and the completion are one transaction).
 */
export async function processSendingRequest(db: Db, id: string, attempt: JobAttempt) {
  const [request] = await db.select().from(sendingRequests).where(eq(sendingRequests.id, id)).limit(1);
  if (!request || FINAL.includes(request.status)) return;
  try {
    await setStatus(db, id, "processing");
    const upload = request.fileKey ? await getStorage().get(request.fileKey) : null;
    if (!upload) throw new ProcessingError("empty", "The uploaded file could not be found; upload it again with a new sending request.");
    const processed = await processUpload(new Uint8Array(upload.data), {
      roles: rolesInSigningOrder(request.documentParams), // tags may name the Nth recipient
      storagePrefix: `sending-requests/${id}/document`,
      // Prepared first: the builder opens on the draft and the sender places the fields (tags, if any, are there already).
      autoSignatureFields: !request.prepareDocument,
    });
    await setStatus(db, id, "creating_document");
    await dispatchSideEffects(await createDocumentFromUpload(db, request, processed));
  } catch (err) {
    if (err instanceof AlreadyCompleted) return;
    if (err instanceof ProcessingError || err instanceof PlanRefusal) return fail(db, id, err.message);
    if (attempt.retryCount >= attempt.retryLimit) {
      log("sending-request").error({ err, sendingRequestId: id }, "giving up");
      return fail(db, id, "The file could not be processed because of an error on our side. Please try again.");
    }
    throw err; // pg-boss retries with backoff
  }
}

async function setStatus(db: Db, id: string, status: string) {
  await db
    .update(sendingRequests)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(sendingRequests.id, id), notInArray(sendingRequests.status, FINAL)));
}

async function fail(db: Db, id: string, message: string) {
  const callbackId = await db.transaction(async (tx) => {
    const [errored] = await tx
      .update(sendingRequests)
      .set({ status: "errored", statusMessage: message, updatedAt: new Date() })
      .where(and(eq(sendingRequests.id, id), notInArray(sendingRequests.status, FINAL)))
      .returning();
    return errored ? recordSendingRequestCallback(tx, { sendingRequest: errored }) : null;
  });
  await dispatchSideEffects({ emailIds: [], callbackIds: [callbackId] });
}

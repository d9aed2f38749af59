import "server-only";
import { apiTime } from "@/lib/api/time";
import type { Db } from "@/lib/server/db/client";
import { callbackDeliveries } from "@/lib/server/db/schema";
import { newId } from "@/lib/server/crypto";
import { enqueueMany } from "@/lib/server/jobs/boss";
import { sealCallbackUrl } from "./callback-credentials";
import { log } from "@/lib/server/observability/logger";

// Recording and dispatching are split on purpose: recording is a plain insert
// that belongs in the caller's transaction (the callback exists if and only if
// the event happened), while the job must be queued after the commit (pg-boss
// on PGlite shares the one connection and would wait for the transaction).
// requeueStalledDeliveries covers a crash between the two.

export type DocumentEvent = "created" | "viewed" | "signed" | "executed" | "voided" | "declined";

/** Spec 6.1. Returns the delivery id, or null when the document has no callback URL. */
export async function recordDocumentCallback(
  db: Db,
  input: {
    document: { id: string; accountId: string; state: string; callbackUrl: string | null };
    event: DocumentEvent;
    at?: Date;
  },
): Promise<string | null> {
  const { document, event } = input;
  if (!document.callbackUrl) return null;
  const id = newId();
  await db.insert(callbackDeliveries).values({
    id,
    accountId: document.accountId,
    documentId: document.id,
    url: sealCallbackUrl(document.callbackUrl), // already sealed unless written before sealing existed
    event,
    payload: {
      callbackType: "Document",
      id: document.id,
      event,
      documentState: document.state,
      createdAt: apiTime(input.at ?? new Date()),
    },
  });
  return id;
}

/**
 * Spec 6.2: sent when a sending request completes or errors. Returns the
 * delivery id, or null when the request has no callback URL. The delivery is
 * also tied to the resulting document, so it shows in that document's log.
 */
export async function recordSendingRequestCallback(
  db: Db,
  input: {
    sendingRequest: {
      id: string;
      accountId: string;
      status: string;
      statusMessage: string | null;
      documentId: string | null;
      createdAt: Date;
      updatedAt: Date;
      callbackUrl: string | null;
    };
  },
): Promise<string | null> {
  const sr = input.sendingRequest;
  if (!sr.callbackUrl) return null;
  if (sr.status !== "completed" && sr.status !== "errored") {
    throw new Error(`Sending-request callbacks are only sent on completed or errored, not ${sr.status}.`);
  }
  const errored = sr.status === "errored";
  const id = newId();
  await db.insert(callbackDeliveries).values({
    id,
    accountId: sr.accountId,
    documentId: sr.documentId,
    sendingRequestId: sr.id,
    url: sealCallbackUrl(sr.callbackUrl),
    event: `sending_request.${sr.status}`,
    payload: {
      sending_request: {
        id: sr.id,
        status: sr.status,
        ...(errored ? { status_message: sr.statusMessage ?? "" } : {}),
        document_template_id: errored ? null : sr.documentId,
        created_at: apiTime(sr.createdAt),
        updated_at: apiTime(sr.updatedAt),
      },
    },
  });
  return id;
}

/**
 * Queues the deliveries recorded by a committed transaction. Never throws: the
 * caller's change is already committed, and a delivery whose job could not be
 * queued is picked up by requeueStalledDeliveries at the next worker start.
 */
export async function dispatchCallbacks(ids: (string | null | undefined)[]): Promise<void> {
  const deliveryIds = ids.filter((id): id is string => !!id);
  if (deliveryIds.length === 0) return;
  try {
    // One statement for all of them (a bulk send records one callback per document).
    await enqueueMany("deliver-callback", deliveryIds.map((deliveryId) => ({ data: { deliveryId }, singletonKey: deliveryId })));
  } catch (err) {
    log("callbacks").error({ err, deliveryIds }, "could not queue the deliveries; they will be retried at the next worker start");
  }
}

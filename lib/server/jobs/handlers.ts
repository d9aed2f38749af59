import "server-only";
import { getDb } from "@/lib/server/db/client";
import { deliverCallbacks } from "@/lib/server/callbacks/deliver-callback";
import { deliverEmail } from "@/lib/server/mail/deliver-email";
import { expireDocuments } from "@/lib/server/signing/expire-documents";
import type { JobHandlers } from "./worker";
import { sweepLostWork } from "./sweep-lost-work";
import { queueOptions } from "./queues";

/**
 * Every queue's handler; the worker registers them all. The PDF work (processing uploads, completing
 * documents) is imported when its first job runs: its libraries (pdf-lib, fontkit, the PDF signer,
 * node-forge, the canvas) are tens of MB of memory that an idle server, or one that only answers
 * the API, never needs (bench/README.md, "startup").
 */
export const jobHandlers: JobHandlers = {
  "process-sending-request": async (data, job) =>
    (await import("@/lib/server/sending-requests/process-sending-request")).processSendingRequest(await getDb(), data.sendingRequestId, {
      retryCount: job.retryCount,
      retryLimit: queueOptions["process-sending-request"].retryLimit ?? 0,
    }),
  "process-template-upload": async (data, job) =>
    (await import("@/lib/server/template-builder/process-template-upload")).processTemplateUpload(await getDb(), data.templateUploadId, {
      retryCount: job.retryCount,
      retryLimit: queueOptions["process-template-upload"].retryLimit ?? 0,
    }),
  // Fetched and claimed several at a time (consume-queue.ts): a callback's own work is small.
  "deliver-callback": { many: async (jobs) => deliverCallbacks(await getDb(), jobs.map((job) => job.data.deliveryId)) },
  "send-email": async (data) => deliverEmail(await getDb(), data.emailId),
  "complete-document": async (data) => (await import("@/lib/server/completion/complete-document")).completeDocument(await getDb(), data.documentId),
  "expire-documents": async () => expireDocuments(await getDb()),
  // Older than two minutes: younger work still belongs to the request or job that made it.
  "sweep-lost-work": async () => sweepLostWork(await getDb(), { minAgeSeconds: 120 }),
};

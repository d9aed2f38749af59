import "server-only";
import { getDb } from "@/lib/server/db/client";
import { deliverCallbacks } from "@/lib/server/callbacks/deliver-callback";
import { deliverEmail } from "@/lib/server/mail/deliver-email";
import { processSendingRequest } from "@/lib/server/sending-requests/process-sending-request";
import { processTemplateUpload } from "@/lib/server/template-builder/process-template-upload";
import { completeDocument } from "@/lib/server/completion/complete-document";
import { expireDocuments } from "@/lib/server/signing/expire-documents";
import type { JobHandlers } from "./worker";
import { sweepLostWork } from "./sweep-lost-work";
import { queueOptions } from "./queues";

/** Every queue's handler; the worker registers them all. */
export const jobHandlers: JobHandlers = {
  "process-sending-request": async (data, job) =>
    processSendingRequest(await getDb(), data.sendingRequestId, {
      retryCount: job.retryCount,
      retryLimit: queueOptions["process-sending-request"].retryLimit ?? 0,
    }),
  "process-template-upload": async (data, job) =>
    processTemplateUpload(await getDb(), data.templateUploadId, {
      retryCount: job.retryCount,
      retryLimit: queueOptions["process-template-upload"].retryLimit ?? 0,
    }),
  // Fetched and claimed several at a time (consume-queue.ts): a callback's own work is small.
  "deliver-callback": { many: async (jobs) => deliverCallbacks(await getDb(), jobs.map((job) => job.data.deliveryId)) },
  "send-email": async (data) => deliverEmail(await getDb(), data.emailId),
  "complete-document": async (data) => completeDocument(await getDb(), data.documentId),
  "expire-documents": async () => expireDocuments(await getDb()),
  // Older than two minutes: younger work still belongs to the request or job that made it.
  "sweep-lost-work": async () => sweepLostWork(await getDb(), { minAgeSeconds: 120 }),
};

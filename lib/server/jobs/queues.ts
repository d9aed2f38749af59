import type { Queue } from "pg-boss";

/** Every background job, with its typed payload. Handlers must be idempotent: a job may run twice after a crash. */
export type JobPayloads = {
  "process-sending-request": { sendingRequestId: string };
  "process-template-upload": { templateUploadId: string };
  "deliver-callback": { deliveryId: string };
  "send-email": { emailId: string };
  "complete-document": { documentId: string };
  "expire-documents": Record<string, never>;
  "sweep-lost-work": Record<string, never>;
};
export type JobName = keyof JobPayloads;

/**
 * Queue settings. A heartbeat lets the monitor notice a job whose worker died
 * (crash, kill -9) and retry it, instead of waiting for the job to expire.
 */
/**
 * Jobs of one queue a process runs at once (2 unless named): one slot per job,
 * each fetching only while it is free (worker.ts; callbacks: consume-queue.ts,
 * one fetch for the free slots), so a process never holds more of a queue's
 * jobs than this. A slot that ran a job fetches again at
 * once, so throughput is bounded by the handlers and this number, not by
 * the polling interval: network-bound queues (callbacks, e-mail) run more at
 * once than the CPU-bound ones (PDF work, which run-in-worker.ts serialises
 * anyway).
 */
export const workerConcurrency: Partial<Record<JobName, number>> = {
  "deliver-callback": 8,
  "send-email": 4,
};

export const queueOptions: Record<JobName, Omit<Queue, "name">> = {
  "process-sending-request": { retryLimit: 3, retryDelay: 5, retryBackoff: true, heartbeatSeconds: 10, expireInSeconds: 900 },
  "process-template-upload": { retryLimit: 3, retryDelay: 5, retryBackoff: true, heartbeatSeconds: 10, expireInSeconds: 900 },
  // Callback retries are scheduled by the delivery itself (each attempt is recorded), not by pg-boss.
  "deliver-callback": { retryLimit: 2, retryDelay: 30, heartbeatSeconds: 10, expireInSeconds: 120 },
  "send-email": { retryLimit: 5, retryDelay: 30, retryBackoff: true, heartbeatSeconds: 10, expireInSeconds: 120 },
  "complete-document": { retryLimit: 5, retryDelay: 10, retryBackoff: true, heartbeatSeconds: 10, expireInSeconds: 900 },
  "expire-documents": { retryLimit: 0, expireInSeconds: 300 },
  "sweep-lost-work": { retryLimit: 0, expireInSeconds: 300 },
};

import "server-only";
import type { Job } from "pg-boss";
import { getBoss } from "./boss";
import { workerConcurrency, type JobName, type JobPayloads } from "./queues";

export type JobHandlers = { [K in JobName]: (data: JobPayloads[K], job: Job<JobPayloads[K]>) => Promise<unknown> };

const g = globalThis as unknown as { __workerStarted?: boolean };

/** Registers every job handler on this process (the server's by default, or `npm run worker`). */
export async function startWorker(handlers: JobHandlers) {
  if (g.__workerStarted) return;
  g.__workerStarted = true;
  const boss = await getBoss();
  for (const name of Object.keys(handlers) as JobName[]) {
    const handle = handlers[name] as (data: unknown, job: Job<unknown>) => Promise<unknown>;
    const localConcurrency = workerConcurrency[name] ?? 2;
    await boss.work<unknown>(name, { batchSize: 1, localConcurrency, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job) await handle(job.data, job);
    });
  }
}

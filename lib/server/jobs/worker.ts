import "server-only";
import type { Job, JobWithMetadata, PgBoss } from "pg-boss";
import { getBoss } from "./boss";
import { log } from "@/lib/server/observability/logger";
import { metrics } from "@/lib/server/observability/metrics";
import { queueOptions, workerConcurrency, type JobName, type JobPayloads } from "./queues";
import { consumeQueue } from "./consume-queue";

/**
 * A queue's handler: one job at a time, or (`many`) the jobs fetched together,
 * answering one promise per job (consume-queue.ts: for short, numerous jobs).
 */
export type JobHandlers = {
  [K in JobName]:
    | ((data: JobPayloads[K], job: Job<JobPayloads[K]>) => Promise<unknown>)
    | { many: (jobs: Job<JobPayloads[K]>[]) => Promise<Promise<unknown>[]> };
};

/** How often each idle slot of a queue looks for work (they take turns). A slot that has just run a job looks again at once. */
const IDLE_POLL_SECONDS = 1;
/** pg-boss's own polling of each slot, should the ticker ever miss one. */
const BACKSTOP_POLL_SECONDS = 10;

const g = globalThis as unknown as { __workerStarted?: boolean };

/** Registers every job handler on this process (the server's by default, or `npm run worker`). */
export async function startWorker(handlers: JobHandlers) {
  if (g.__workerStarted) return;
  g.__workerStarted = true;
  const boss = await getBoss();
  for (const name of Object.keys(handlers) as JobName[]) {
    const handler = handlers[name] as JobHandlers["deliver-callback"];
    const slots = workerConcurrency[name] ?? 2;
    // (With its metadata, the completion job tells when it was queued: the completion-time metric.)
    const includeMetadata = name === "complete-document";
    if (typeof handler === "function") {
      const handle = handler as (data: unknown, job: Job<unknown>) => Promise<unknown>;
      await workQueue(boss, name, slots, { includeMetadata }, (job) => runMeasured(name, job, () => handle(job.data, job)));
    } else {
      const many = handler.many as (jobs: Job<unknown>[]) => Promise<Promise<unknown>[]>;
      const heartbeatSeconds = queueOptions[name].heartbeatSeconds ?? null;
      consumeQueue(boss, name, { slots, idlePollMs: (IDLE_POLL_SECONDS * 1000) / slots, heartbeatSeconds, includeMetadata }, async (jobs) => {
        const runs = many(jobs);
        // (A job the handler answered no run for fails: it must not count as done.)
        return jobs.map((job, i) => runMeasured(name, job, () => runs.then((each) => each[i] ?? Promise.reject(new Error("no run for this job")))));
      });
    }
  }
}

/**
 * A queue worked by `slots` pg-boss workers of one job each (at most `slots`
 * jobs of the queue run at once in this process; a job is fetched only by a
 * slot free to run it, and its failure is its own). pg-boss waits out the
 * polling interval after every fetch, even one that found a job, so a slot
 * left to itself runs at most one job a second. Instead:
 * - a slot that ran a job fetches again at once (notifyWorker), until a
 *   fetch comes back empty;
 * - a slot that found a job wakes one idle sibling, so a backlog has every
 *   slot busy within a few fetches rather than within an interval;
 * - while idle, the slots look for work in turn, one every interval/slots
 *   (a ticker wakes the next idle one): as many fetches as one poll per slot
 *   per interval, as before, but new work waits interval/slots at most, and
 *   the polls stay spread after a burst (which leaves every slot's own poll
 *   timer in step with the others).
 * Idle cost is unchanged; busy, the queue runs as fast as its handlers.
 */
async function workQueue(
  boss: PgBoss,
  name: JobName,
  slots: number,
  options: { includeMetadata: boolean },
  run: (job: Job<unknown>) => Promise<unknown>,
) {
  const ids: string[] = [];
  const busy: boolean[] = [];
  /** Wakes the first idle slot after `from` (round robin); false when every slot is busy. */
  const wakeIdleAfter = (from: number) => {
    for (let k = 1; k <= slots; k++) {
      const slot = (from + k) % slots;
      if (!busy[slot] && ids[slot]) {
        boss.notifyWorker(ids[slot]);
        return slot;
      }
    }
    return from;
  };
  for (let slot = 0; slot < slots; slot++) {
    busy.push(false);
    ids.push(
      await boss.work<unknown>(
        name,
        // pg-boss's own poll is only a backstop: the ticker below does the idle polling.
        { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: BACKSTOP_POLL_SECONDS, includeMetadata: options.includeMetadata } as { batchSize: number },
        async ([job]) => {
          if (!job) return;
          busy[slot] = true;
          wakeIdleAfter(slot);
          try {
            await run(job);
          } finally {
            busy[slot] = false;
            // Read by pg-boss once this callback returns: no wait before the next fetch.
            boss.notifyWorker(ids[slot]!);
          }
        },
      ),
    );
  }
  let turn = 0;
  const ticker = setInterval(() => (turn = wakeIdleAfter(turn)), (IDLE_POLL_SECONDS * 1000) / slots).unref();
  boss.once("stopped", () => clearInterval(ticker));
}

/**
 * One job run, counted (completed or failed, retries), timed and logged. A
 * failure is rethrown: pg-boss decides about the retry. The completion
 * queue's time from being queued (the last signature) to done is the
 * document completion time.
 */
async function runMeasured(name: JobName, job: Job<unknown>, run: () => Promise<unknown>) {
  const m = metrics();
  const t0 = performance.now();
  if (job.retryCount > 0) m.jobRetries.inc({ queue: name });
  try {
    await run();
    m.jobRuns.inc({ queue: name, outcome: "completed" });
    const queuedAt = (job as Partial<JobWithMetadata>).createdOn;
    if (name === "complete-document" && queuedAt) m.completion.observe((Date.now() - new Date(queuedAt).getTime()) / 1000);
  } catch (err) {
    m.jobRuns.inc({ queue: name, outcome: "failed" });
    log("jobs").error({ err, queue: name, jobId: job.id, retryCount: job.retryCount }, "job failed");
    throw err;
  } finally {
    m.jobDuration.observe({ queue: name }, (performance.now() - t0) / 1000);
  }
}

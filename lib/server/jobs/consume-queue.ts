import "server-only";
import type { Job, PgBoss } from "pg-boss";
import { log } from "@/lib/server/observability/logger";

/**
 * Runs a batch of fetched jobs: one promise per job, in the order given (a
 * job's own failure fails only that job). The whole call may reject: then
 * every job of the batch fails.
 */
export type BatchRun = (jobs: Job<unknown>[]) => Promise<Promise<unknown>[]>;

export type QueueConsumer = { stop(graceMs: number): Promise<void> };

/**
 * How long a finished job waits for others to finish before its completion is
 * written: one statement completes all of them. The job's work is done and
 * recorded by then; only pg-boss's bookkeeping waits (a crash in between runs
 * the job again, and every handler is idempotent).
 */
const COMPLETE_AFTER_MS = 25;

/**
 * How long a slot that has just freed up waits before fetching, for others to
 * free up too: one fetch (and one claim) then serves several. Without it, in
 * a steady stream every fetch took one job (measured: 68 of 70). Small beside
 * any receiver's answer time; idle slots are polled as before.
 */
const FETCH_AFTER_MS = 10;

const consumers = new Set<QueueConsumer>();

/**
 * A queue worked by one consumer of our own instead of one pg-boss worker per
 * slot (worker.ts), for queues whose jobs are short and numerous (callbacks):
 * a pg-boss worker pays a fetch and a completion statement per job, which on
 * the embedded database run on the server's own thread and cost more than a
 * callback's own work. Here:
 * - one fetch takes as many jobs as there are free slots (never more: a
 *   process holds at most `slots` jobs of the queue), and the handler gets
 *   them together (the callbacks claim their deliveries in one statement);
 * - a slot that frees up fetches FETCH_AFTER_MS later, with any freed meanwhile;
 * - finished jobs are completed together, COMPLETE_AFTER_MS after the first;
 * - a failed job is failed on its own with its error (pg-boss retries it),
 *   and so is one still running at its expiry (its slot comes back);
 * - the jobs held are touched every heartbeatSeconds / 2 (pg-boss's monitor
 *   retries a job whose heartbeat stops, as it does for its own workers);
 * - idle, it fetches every idlePollMs.
 * stopConsumers() (called by stopBoss) lets running jobs finish within the
 * grace period, completes them, and fails back what still runs.
 */
export function consumeQueue(
  boss: PgBoss,
  name: string,
  options: { slots: number; idlePollMs: number; heartbeatSeconds: number | null; includeMetadata: boolean },
  run: BatchRun,
): QueueConsumer {
  /** The jobs running here, by attempt (keyOf). */
  const held = new Map<string, Job<unknown>>();
  let toComplete: Job<unknown>[] = [];
  let completing: Promise<void> | null = null;
  /** The fetch under way, if any (one at a time). */
  let fetching: Promise<void> | null = null;
  let stopping = false;
  let drained: (() => void) | null = null;
  const attempt = (j: Job<unknown>) => ({ id: j.id, retryCount: j.retryCount });
  /** Held by attempt: a retry of a job whose earlier run outlived its expiry here is a job of its own. */
  const keyOf = (j: Job<unknown>) => `${j.id}/${j.retryCount}`;

  const flushCompletions = async () => {
    while (toComplete.length > 0) {
      const batch = toComplete;
      toComplete = [];
      try {
        await boss.complete(name, batch.map(attempt));
      } catch (err) {
        // Left active: pg-boss's monitor retries them (heartbeat or expiry), and the handlers are idempotent.
        log("jobs").error({ err, queue: name, jobIds: batch.map((j) => j.id) }, "could not record finished jobs");
      }
    }
  };
  const scheduleCompletion = () => {
    if (completing) return;
    completing = new Promise<void>((resolve) => setTimeout(resolve, stopping ? 0 : COMPLETE_AFTER_MS))
      .then(flushCompletions)
      .finally(() => {
        completing = null;
        if (toComplete.length > 0) scheduleCompletion();
      });
  };

  /** A job's run, failed once it has outlived the job's expiry (as pg-boss's workers do): its slot comes back. */
  const withinExpiry = (job: Job<unknown>, done: Promise<unknown>) => {
    const seconds = job.expireInSeconds || 900;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      // (unref: a hung run must not keep a stopping process alive)
      timer = setTimeout(() => reject(new Error(`the job did not finish within ${seconds} s`)), seconds * 1000).unref();
    });
    return Promise.race([done, expired]).finally(() => clearTimeout(timer));
  };

  const settle = (job: Job<unknown>, done: Promise<unknown>) =>
    withinExpiry(job, done)
      .then(
        () => {
          toComplete.push(job);
          scheduleCompletion();
        },
        (err) =>
          boss.fail(name, attempt(job), err).catch((e) => log("jobs").error({ err: e, queue: name, jobId: job.id }, "could not record a failed job")),
      )
      .finally(() => {
        held.delete(keyOf(job));
        if (stopping) {
          if (held.size === 0) drained?.();
        } else schedulePump();
      });

  const start = (jobs: Job<unknown>[]) => {
    for (const job of jobs) held.set(keyOf(job), job);
    const runs = run(jobs);
    // (Each job's promise is attached as soon as the batch call answers: no rejection goes unhandled.)
    void runs.then(
      (each) => jobs.forEach((job, i) => void settle(job, each[i] ?? Promise.reject(new Error("the batch handler returned no run for this job")))),
      (err) => jobs.forEach((job) => void settle(job, Promise.reject(err))),
    );
  };

  /** Fetches for every free slot, again while fetches come back full. Never rejects. */
  const fetchWhileFree = async () => {
    try {
      while (!stopping) {
        const free = options.slots - held.size;
        if (free <= 0) break;
        const jobs = await boss.fetch<unknown>(name, { batchSize: free, includeMetadata: options.includeMetadata });
        // (Fetched before a stop took effect: they run, and the stop waits for them.)
        if (jobs.length > 0) start(jobs);
        if (jobs.length < free) break; // nothing more queued for now: the idle poll looks again
      }
    } catch (err) {
      log("jobs").error({ err, queue: name }, "could not fetch jobs");
    }
  };
  /** One fetch loop at a time. (`then` runs after the assignment even when the loop ended at once.) */
  const pump = () => {
    if (fetching || stopping) return;
    const run = fetchWhileFree();
    fetching = run;
    void run.then(() => {
      fetching = null;
    });
  };

  let pumpTimer: NodeJS.Timeout | null = null;
  const schedulePump = () => {
    if (pumpTimer || stopping) return;
    pumpTimer = setTimeout(() => {
      pumpTimer = null;
      pump();
    }, FETCH_AFTER_MS);
  };

  const poll = setInterval(pump, options.idlePollMs).unref();
  const heartbeat = options.heartbeatSeconds
    ? setInterval(() => {
        if (held.size === 0) return; // (still beating while a stop lets them finish)
        boss.touch(name, [...held.values()].map(attempt)).catch((err) => log("jobs").error({ err, queue: name }, "could not refresh the jobs' heartbeat"));
      }, (options.heartbeatSeconds * 1000) / 2).unref()
    : null;
  pump();

  const consumer: QueueConsumer = {
    async stop(graceMs) {
      if (stopping) return;
      stopping = true;
      clearInterval(poll);
      if (pumpTimer) clearTimeout(pumpTimer);
      consumers.delete(consumer);
      await fetching;
      if (held.size > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, graceMs).unref();
        });
      }
      if (heartbeat) clearInterval(heartbeat);
      await completing;
      await flushCompletions();
      if (held.size > 0) {
        // Still running after the grace period: back to the queue, for any worker to retry.
        const left = [...held.values()];
        await boss.fail(name, left.map(attempt), { message: "the worker stopped while the job ran" }).catch((err) =>
          log("jobs").error({ err, queue: name }, "could not return unfinished jobs to the queue"),
        );
      }
      // Any that finished meanwhile (those handed back above are fenced: their completion changes nothing).
      await completing;
      await flushCompletions();
    },
  };
  consumers.add(consumer);
  return consumer;
}

/** Stops every consumer of this process (stopBoss, before pg-boss itself stops). */
export async function stopConsumers(graceMs: number) {
  await Promise.all([...consumers].map((c) => c.stop(graceMs)));
}

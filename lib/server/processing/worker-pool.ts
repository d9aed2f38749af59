import "server-only";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { env } from "@/lib/env";
import { ProcessingError } from "./processing-error";
import type { WorkerReply, WorkerTask } from "./worker-protocol";

// The bounded processing workers of this process (run-in-worker.ts says what
// runs in them and why they are bounded): started ahead of time and kept
// between jobs, one job at a time, each job with its memory watch and deadline.

/** How often the process's memory is sampled while a job runs. */
const WATCH_MS = 20;

/**
 * Worker threads per job: one per CPU (at most 4). Pages are dealt out one at
 * a time to whichever worker is free, so rendering and encoding run on every
 * core (bench/processing).
 */
export const WORKERS = Math.max(1, Math.min(4, os.availableParallelism()));

/** Jobs one worker serves before it is replaced (bounds whatever a worker might accumulate). */
const JOBS_PER_WORKER = 50;

/**
 * Room for a worker's first job to grow the process on its own account, whatever the file: the
 * worker's heap and the canvas's native allocations reach their working size and stay there for
 * the jobs that follow. Measured with the bench's PDFs and plain text ones, 30 to 200 pages: the
 * first job grew RSS by 96–110 MB with one worker, 93–256 MB with two; the next ones by 0–72 MB.
 * All of it counted against the file's budget, an ordinary 200-page upload on a freshly started
 * server failed as "needs more memory" one time in three on 2 cores, and the next upload too: a
 * failed job's workers are replaced by fresh ones. So the limit of a job whose workers are kept
 * (uploads, renders) is PROCESSING_MEMORY_MB plus this for each worker it has used that had not
 * finished a job: with the default budget, 256 + 2 × 64 MB on 2 cores. A job whose worker is
 * thrown away afterwards (/verify's) gets none. A hostile upload meeting fresh workers (after any
 * failure they are) gets at most the budget + 64 MB × WORKERS (≤ 4).
 */
const FRESH_WORKER_MB = 64;

export type Success = Extract<WorkerReply, { ok: true }>;

// One queue and one set of waiting workers per process, also when Next loads this module twice.
const g = globalThis as unknown as { __processingQueue?: Promise<unknown>; __processingIdle?: Slot[] };

/**
 * A worker and who listens to it now: its listeners are attached once, at
 * start, and pass events to the current handlers (a waiting worker's, then
 * its job's). Removing a Worker's listeners also removes Node's own ones.
 */
class Slot {
  exited = false;
  jobs = 0;
  readonly ready: Promise<void>;
  onMessage: (m: WorkerReply) => void = () => {};
  onError: (e: Error & { code?: string }) => void = () => {}; // it then exits; an unheard "error" would throw in the server
  onExit: (code: number) => void = () => {};

  constructor(
    readonly worker: Worker,
    readonly limits: string,
  ) {
    worker.on("message", (m: WorkerReply) => this.onMessage(m));
    worker.on("error", (e) => this.onError(e));
    worker.on("exit", (code) => {
      this.exited = true;
      this.onExit(code);
    });
    this.ready = new Promise<void>((resolve, reject) => {
      this.onMessage = (m) => (m.ok && m.op === "ready" ? resolve() : reject(new Error(`processing worker failed to start: ${"message" in m ? m.message : m.op}`)));
      this.onError = reject;
      this.onExit = (code) => reject(new Error(`the processing worker exited (code ${code}) while starting`));
    });
    this.ready.catch(() => {}); // a worker that fails to start is dropped when taken
    this.ready.then(() => this.idle(), () => {});
    worker.unref(); // a waiting worker keeps no process alive
  }

  /** Back to waiting: nothing listens. */
  idle() {
    this.onMessage = () => {};
    this.onError = () => {};
    this.onExit = () => {};
  }
}

function runExclusive<T>(work: () => Promise<T>): Promise<T> {
  const previous = g.__processingQueue ?? Promise.resolve();
  const next = previous.catch(() => {}).then(work);
  g.__processingQueue = next.catch(() => {});
  return next;
}

function limitsNow(): ResourceLimits {
  return { maxOldGenerationSizeMb: env().PROCESSING_MEMORY_MB, maxYoungGenerationSizeMb: 32 };
}

const boot = (limits: ResourceLimits) => new Slot(startWorker(limits), JSON.stringify(limits));

/** `count` loaded workers: waiting ones first, fresh ones for the rest. */
async function takeWorkers(count: number): Promise<Slot[]> {
  const limits = limitsNow();
  const key = JSON.stringify(limits);
  const waiting = (g.__processingIdle ??= []);
  const taken: Slot[] = [];
  while (taken.length < count) {
    const w = waiting.shift() ?? boot(limits);
    try {
      if (w.limits !== key) throw new Error("started with other limits");
      w.worker.ref(); // a CLI waiting for its first job's worker must not exit meanwhile
      await w.ready;
      if (w.exited) throw new Error("exited while waiting");
      taken.push(w);
    } catch {
      void w.worker.terminate();
    }
  }
  return taken;
}

/** Puts back the workers a job kept, and starts fresh ones up to WORKERS. */
function refill(kept: Slot[]) {
  const waiting = (g.__processingIdle ??= []);
  for (const w of kept) {
    w.idle();
    w.worker.unref();
    waiting.push(w);
  }
  while (waiting.length < WORKERS) waiting.push(boot(limitsNow()));
}

/** Waits until the workers the next job will take are loaded (benchmarks start their clocks after this). */
export async function processingWorkersReady(): Promise<void> {
  refill([]);
  const waiting = [...(g.__processingIdle ?? [])];
  for (const w of waiting) w.worker.ref(); // kept alive while waited for, as in takeWorkers
  await Promise.all(waiting.map((w) => w.ready.catch(() => {})));
  for (const w of waiting) w.worker.unref();
}

/** Runs `work` with `count` workers of the pool, one job at a time per process; `keep`: the workers serve later jobs. */
export function withJob<T>(count: number, opts: { keep: boolean }, work: (job: Job) => Promise<T>): Promise<T> {
  return runExclusive(async () => {
    const taken = await takeWorkers(count);
    // Workers still loading for later jobs (refill) grow the RSS too: the job's memory baseline comes after them.
    await Promise.all((g.__processingIdle ?? []).map((w) => w.ready.catch(() => {})));
    const job = new Job(taken, opts.keep);
    let keep = false;
    try {
      const result = await job.run(work);
      keep = opts.keep;
      return result;
    } finally {
      refill(job.close(!keep));
    }
  });
}

/** The workers of one job, its memory watch and deadline, and one pending request per worker. */
export class Job {
  private readonly pending = new Map<number, { resolve: (r: Success) => void; reject: (e: Error) => void }>();
  private readonly used = new Set<number>();
  private failure: Error | null = null;
  private failed!: (e: Error) => void;
  private readonly failedPromise = new Promise<never>((_, reject) => (this.failed = reject));
  private readonly watch: NodeJS.Timeout;
  private readonly deadline: NodeJS.Timeout;
  private readonly stopped = new AbortController();
  private closed = false;

  /** `keepsWorkers`: the job's workers serve later jobs (only then does their first job's growth get room: FRESH_WORKER_MB). */
  constructor(
    private readonly slots: Slot[],
    keepsWorkers: boolean,
  ) {
    this.failedPromise.catch(() => {});
    const { PROCESSING_MEMORY_MB: budgetMb, PROCESSING_TIMEOUT_SECONDS: seconds } = env();
    const baseline = process.memoryUsage.rss();
    // (counted as the job uses its workers: a 1-page file that only the first renders gets 64 MB, not 64 × WORKERS)
    const freshMb = () => (keepsWorkers ? [...this.used].filter((i) => slots[i]!.jobs === 0).length * FRESH_WORKER_MB : 0);
    this.watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > (budgetMb + freshMb()) * 1024 * 1024) this.fail(ProcessingError.outOfMemory());
    }, WATCH_MS);
    this.deadline = setTimeout(() => this.fail(ProcessingError.tooSlow(seconds)), seconds * 1000);
    slots.forEach((slot, i) => {
      slot.onMessage = (reply) => {
        const p = this.pending.get(i);
        this.pending.delete(i);
        if (!p) return;
        if (reply.ok) p.resolve(reply);
        else if (reply.kind === "processing") p.reject(new ProcessingError(reply.code, reply.message));
        else p.reject(new Error(`processing worker: ${reply.message}`));
      };
      slot.onError = (err) => this.fail(err.code === "ERR_WORKER_OUT_OF_MEMORY" ? ProcessingError.outOfMemory() : err);
      slot.onExit = (code) => this.fail(new Error(`the processing worker exited (code ${code}) without an answer`));
    });
  }

  get size() {
    return this.slots.length;
  }

  /** Aborted when the job fails (deadline, memory, a worker gone) or ends: processes it started (pdftoppm) are killed with it. */
  get signal(): AbortSignal {
    return this.stopped.signal;
  }

  run<T>(work: (job: Job) => Promise<T>): Promise<T> {
    return Promise.race([work(this), this.failedPromise]);
  }

  /** Sends a task to worker i; the task's bytes are copied into the worker (the caller keeps its own). */
  request(i: number, task: WorkerTask): Promise<Success> {
    if (this.failure) return Promise.reject(this.failure);
    this.used.add(i);
    return new Promise<Success>((resolve, reject) => {
      this.pending.set(i, { resolve, reject });
      this.slots[i]!.worker.postMessage(task);
    });
  }

  /**
   * request(), with the answer checked to be the one to this task (a page's, to this page): any
   * other is a fault of ours, and fails the job. The answer is typed after the task.
   */
  async ask<T extends WorkerTask>(i: number, task: T): Promise<Extract<Success, { op: T["op"] }>> {
    const reply = await this.request(i, task);
    if (reply.op !== task.op || (reply.op === "page" && task.op === "page" && reply.n !== task.n)) {
      throw new Error("the processing worker answered another task");
    }
    return reply as Extract<Success, { op: T["op"] }>;
  }

  /** The first failure wins (a stopped worker's "exit" comes after the reason it was stopped). */
  private fail(reason: Error) {
    if (this.closed || this.failure) return;
    this.failure = reason;
    this.failed(reason);
    this.stopped.abort(reason);
    for (const p of this.pending.values()) p.reject(reason);
    this.pending.clear();
    for (const s of this.slots) void s.worker.terminate();
  }

  /**
   * Returns the workers to keep for the next job. After a failure of any
   * kind (a refused file included, it may have left a worker in any state),
   * when the job's workers are not to be kept, or once a worker served
   * JOBS_PER_WORKER jobs, the ones it used are stopped instead.
   */
  close(stopUsed: boolean): Slot[] {
    this.closed = true;
    this.stopped.abort(new Error("the processing job has ended"));
    clearInterval(this.watch);
    clearTimeout(this.deadline);
    const keep: Slot[] = [];
    this.slots.forEach((s, i) => {
      s.idle();
      const used = this.used.has(i);
      if (used) s.jobs++;
      if (this.failure || s.exited || (used && (stopUsed || s.jobs >= JOBS_PER_WORKER))) void s.worker.terminate();
      else keep.push(s);
    });
    return keep;
  }
}

/**
 * Under `next start` Turbopack sees `new Worker(new URL(…, import.meta.url))`
 * and bundles the worker file as an entry of its own. Under tsx (the CLI,
 * `npm run worker`) this module runs from source: Node 20 does not apply
 * tsx's loader to worker threads, so the worker imports its TypeScript entry
 * through tsx's API. (The path is computed at run time there, so the bundler
 * leaves it alone.) Bare imports in the eval'd boot code resolve from the
 * working directory, the project root.
 */
function startWorker(resourceLimits: ResourceLimits): Worker {
  // Not `import.meta.url.endsWith(".ts")`: in Turbopack's bundle import.meta.url
  // is the source file's address too, so `next start` ran the worker from the
  // TypeScript sources through tsx, not from its build. Next sets NEXT_RUNTIME
  // in its server processes; the CLI and `npm run worker` (tsx) do not.
  if (process.env.NEXT_RUNTIME !== "nodejs") {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "processing-worker.ts");
    // pdf.js is imported natively first and left where pdfjs.ts looks for it:
    // through tsx's transform it alone took ~400 MB.
    const boot = `(async () => {
      globalThis.pdfjsWorker = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
      globalThis.__pdfjs = import("pdfjs-dist/legacy/build/pdf.mjs");
      await globalThis.__pdfjs;
      const tsx = await import("tsx/esm/api");
      await tsx.tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)});
    })()`;
    return new Worker(boot, { eval: true, resourceLimits });
  }
  return new Worker(new URL("./processing-worker.ts", import.meta.url), { resourceLimits });
}

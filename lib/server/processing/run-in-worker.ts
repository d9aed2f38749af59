import "server-only";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";
import { env } from "@/lib/env";
import type { RenderedPage } from "@/lib/server/pdf/render-pages";
import { ProcessingError } from "./processing-error";
import type { PreparedUpload } from "./prepare-upload";
import type { WorkerReply, WorkerTask } from "./worker-protocol";

/** How often the process's memory is sampled while a worker runs. */
const WATCH_MS = 20;

/**
 * Runs the decoding of one upload (prepare-upload.ts) or the rendering of a
 * PDF in a worker thread with bounds, so a hostile or broken file cannot
 * take the server down with it:
 *
 * - the worker's JavaScript heap is capped (resourceLimits);
 * - memory outside that heap (typed arrays, canvas bitmaps) is watched: when
 *   the process's RSS grows by more than PROCESSING_MEMORY_MB over what it
 *   was when the worker started, the worker is stopped;
 * - it is stopped after PROCESSING_TIMEOUT_SECONDS.
 *
 * A stopped worker frees everything it held; the upload ends with a
 * ProcessingError the sender can read. One worker runs at a time per process
 * (rendering strictly one page at a time is what @napi-rs/canvas needs, and
 * the memory budget is then one job's), so further uploads wait their turn.
 * The server's own event loop never decodes anything and keeps answering.
 */
export function prepareUploadInWorker(bytes: Uint8Array, roles: readonly string[] | "any"): Promise<PreparedUpload> {
  return runExclusive(async () => {
    const reply = await runTask({ op: "upload", bytes, roles });
    if (reply.op !== "upload") throw new Error("the processing worker answered another task");
    return reply.result;
  });
}

/** renderPdfPages (lib/server/pdf/render-pages.ts) in the bounded worker. */
export function renderPagesInWorker(bytes: Uint8Array, opts: { maxPages?: number } = {}): Promise<RenderedPage[]> {
  return runExclusive(async () => {
    const reply = await runTask({ op: "render", bytes, maxPages: opts.maxPages });
    if (reply.op !== "render") throw new Error("the processing worker answered another task");
    return reply.pages;
  });
}

/** The signatures and evidence marks of a file sent to /verify, read in the bounded worker (a hostile PDF is anyone's to send). */
export function inspectPdfInWorker(bytes: Uint8Array, serviceCertificate: Uint8Array | null) {
  return runExclusive(async () => {
    const reply = await runTask({ op: "inspect", bytes, serviceCertificate });
    if (reply.op !== "inspect") throw new Error("the processing worker answered another task");
    return { signatures: reply.signatures, marks: reply.marks };
  });
}

// One queue per process, also when Next loads this module twice.
const g = globalThis as unknown as { __processingQueue?: Promise<unknown> };

function runExclusive<T>(work: () => Promise<T>): Promise<T> {
  const previous = g.__processingQueue ?? Promise.resolve();
  const next = previous.catch(() => {}).then(work);
  g.__processingQueue = next.catch(() => {});
  return next;
}

type Success = Extract<WorkerReply, { ok: true }>;

function runTask(task: WorkerTask): Promise<Success> {
  const { PROCESSING_MEMORY_MB: budgetMb, PROCESSING_TIMEOUT_SECONDS: seconds } = env();
  const limits: ResourceLimits = { maxOldGenerationSizeMb: budgetMb, maxYoungGenerationSizeMb: 32 };
  const baseline = process.memoryUsage.rss();
  const worker = startWorker(limits);

  return new Promise<Success>((resolve, reject) => {
    let settled = false;
    let stopReason: ProcessingError | undefined;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      clearTimeout(deadline);
      void worker.terminate();
      fn();
    };
    const stop = (reason: ProcessingError) => {
      stopReason ??= reason;
      settle(() => reject(reason));
    };

    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > budgetMb * 1024 * 1024) stop(ProcessingError.outOfMemory());
    }, WATCH_MS);
    const deadline = setTimeout(() => stop(ProcessingError.tooSlow(seconds)), seconds * 1000);

    worker.on("message", (reply: WorkerReply) =>
      settle(() => {
        if (reply.ok) resolve(reply);
        else if (reply.kind === "processing") reject(new ProcessingError(reply.code, reply.message));
        else reject(new Error(`processing worker: ${reply.message}`));
      }),
    );
    worker.on("error", (err: Error & { code?: string }) =>
      settle(() => reject(err.code === "ERR_WORKER_OUT_OF_MEMORY" ? ProcessingError.outOfMemory() : err)),
    );
    worker.on("exit", (code) => settle(() => reject(stopReason ?? new Error(`the processing worker exited (code ${code}) without an answer`))));

    // The upload's bytes are copied into the worker: the caller keeps its own.
    worker.postMessage(task);
  });
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
  if (import.meta.url.endsWith(".ts")) {
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

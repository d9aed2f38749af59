import "server-only";
import { getDb } from "@/lib/server/db/client";
import { jobHandlers } from "./handlers";
import { startWorker } from "./worker";
import { getBoss } from "./boss";
import { sweepLostWork } from "./sweep-lost-work";
import { log } from "@/lib/server/observability/logger";
import { sweepStaleRenderDirs } from "@/lib/server/processing/render-dirs";

/** Options of the jobs a schedule sends: at most one per minute, whoever forwards it. */
export const scheduledJobOptions = { singletonSeconds: 60 };

/** Runs the job handlers in this process and picks up work a crash interrupted. */
export async function startBackgroundWork() {
  const db = await getDb();
  await startWorker(jobHandlers);
  const boss = await getBoss();
  // Every minute (once per tick across every worker): pending documents past
  // their expiry become expired, and committed work without a job is queued.
  // pg-boss files each occurrence once, but forwards it to the queue at least
  // once: a forward repeated after its worker died, or one late enough to land
  // in the next minute beside that minute's own, ran twice in a minute. The
  // throttle slot (a unique index on queue, minute) keeps one job per minute.
  for (const name of ["expire-documents", "sweep-lost-work"] as const) {
    await boss.schedule(name, "* * * * *", {}, scheduledJobOptions);
  }
  // What a process killed mid-job left in this machine's temporary directory (never fatal).
  await sweepStaleRenderDirs().catch((err) => log("processing").warn({ err }, "could not look for stale pdftoppm directories"));
  const resumed = await sweepLostWork(db, { minAgeSeconds: 0 });
  const total = Object.values(resumed).reduce((a, b) => a + b, 0);
  if (total) log("jobs").info({ resumed }, "resumed work interrupted earlier");
}

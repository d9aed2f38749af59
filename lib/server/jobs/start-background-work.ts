import "server-only";
import { getDb } from "@/lib/server/db/client";
import { jobHandlers } from "./handlers";
import { startWorker } from "./worker";
import { getBoss } from "./boss";
import { sweepLostWork } from "./sweep-lost-work";
import { log } from "@/lib/server/observability/logger";

/** Runs the job handlers in this process and picks up work a crash interrupted. */
export async function startBackgroundWork() {
  const db = await getDb();
  await startWorker(jobHandlers);
  const boss = await getBoss();
  // Every minute (once per tick across every worker): pending documents past
  // their expiry become expired, and committed work without a job is queued.
  await boss.schedule("expire-documents", "* * * * *");
  await boss.schedule("sweep-lost-work", "* * * * *");
  const resumed = await sweepLostWork(db, { minAgeSeconds: 0 });
  const total = Object.values(resumed).reduce((a, b) => a + b, 0);
  if (total) log("jobs").info({ resumed }, "resumed work interrupted earlier");
}

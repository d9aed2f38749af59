import "server-only";
import { env } from "@/lib/env";
import { closeDb } from "@/lib/server/db/client";
import { log } from "@/lib/server/observability/logger";
import { stopBoss } from "./boss";

/** Seconds after the grace period before the process exits whatever is still running (pool closes, logs). */
const CLOSE_MARGIN_SECONDS = 6;

const g = globalThis as unknown as { __shutdownInstalled?: boolean; __stopping?: boolean };

/** Whether this process has been told to stop (/readyz then answers 503: send no more work here). */
export const isStopping = () => g.__stopping === true;

/**
 * This process's share of the queue stops: no new jobs are taken, running ones get
 * SHUTDOWN_GRACE_SECONDS to finish, then pg-boss fails what still runs back to the queue
 * (a retry that another worker takes: every handler is idempotent).
 */
async function stopQueue() {
  try {
    await stopBoss(env().SHUTDOWN_GRACE_SECONDS * 1000);
  } catch (err) {
    log("shutdown").error({ err }, "the job queue did not stop cleanly");
  }
}

async function closeDatabase() {
  await closeDb().catch((err) => log("shutdown").error({ err }, "the database did not close cleanly"));
  log("shutdown").info("stopped");
}

/** Exits with `code` if the shutdown has not ended within the grace period and the margin. */
function exitAfterDeadline(exit: (code: number) => void) {
  setTimeout(() => {
    log("shutdown").warn("shutdown took too long: exiting");
    exit(1);
  }, (env().SHUTDOWN_GRACE_SECONDS + CLOSE_MARGIN_SECONDS) * 1000).unref();
}

/**
 * SIGTERM / SIGINT of `next start` and `next dev` (the web server, with the
 * in-process worker unless RUN_WORKER=false). Next.js has handlers of its own:
 * they stop accepting connections, let open requests finish, then call
 * process.exit, which would cut the running jobs' grace period short and close
 * nothing of ours. So once a signal has come the queue stops at once (no new
 * jobs while requests drain), and Next.js' process.exit waits for it and then
 * for the database to close (open requests still needed it). A timer ends the
 * process within the grace period plus a margin whatever happens.
 */
export function installWebShutdown() {
  if (g.__shutdownInstalled) return;
  g.__shutdownInstalled = true;
  const realExit = process.exit.bind(process);
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    g.__stopping = true;
    log("shutdown").info({ signal, graceSeconds: env().SHUTDOWN_GRACE_SECONDS }, "stopping: open requests and running jobs finish, no new ones start");
    const queueStopped = stopQueue();
    exitAfterDeadline(realExit);
    process.exit = ((code?: number) => {
      void queueStopped.then(closeDatabase).finally(() => realExit(code));
    }) as typeof process.exit;
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

/**
 * SIGTERM / SIGINT of `npm run worker`: the queue stops (running jobs finish or go
 * back), the database closes, `before` runs (the health endpoints close), exit 0.
 */
export function installWorkerShutdown(before: () => void = () => {}) {
  if (g.__shutdownInstalled) return;
  g.__shutdownInstalled = true;
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    g.__stopping = true;
    log("shutdown").info({ signal, graceSeconds: env().SHUTDOWN_GRACE_SECONDS }, "stopping: running jobs finish or go back to the queue, no new ones start");
    exitAfterDeadline((code) => process.exit(code));
    void stopQueue()
      .then(closeDatabase)
      .finally(() => {
        before();
        process.exit(0);
      });
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

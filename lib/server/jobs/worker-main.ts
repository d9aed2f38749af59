// `npm run worker`: the job handlers in a process of their own (scale-out).
// Run the web servers with RUN_WORKER=false then (`npm run start:web`). In
// embedded mode the database belongs to the server process, so this needs
// DATABASE_URL. SIGTERM or Ctrl-C: running jobs finish or go back to the queue
// (graceful-shutdown.ts), then the process exits (docs/deploy.md, "Roles").
import { env } from "@/lib/env";
import { startBackgroundWork } from "./start-background-work";
import { installWorkerShutdown } from "./graceful-shutdown";
import { serveWorkerEndpoints } from "@/lib/server/observability/serve-worker-endpoints";
import { log } from "@/lib/server/observability/logger";

async function main() {
  if (env().embedded) {
    console.error("npm run worker needs DATABASE_URL: the embedded database can only be opened by the server process, which runs the worker itself.");
    process.exit(2);
  }
  let endpoints: ReturnType<typeof serveWorkerEndpoints> | null = null;
  // Installed before the first job can start, so a signal during start-up is handled the same way.
  installWorkerShutdown(() => endpoints?.close());
  await startBackgroundWork();
  endpoints = env().METRICS_PORT ? serveWorkerEndpoints(env().METRICS_PORT!) : null;
  log("worker").info({ pid: process.pid }, "worker running; SIGTERM or Ctrl-C stops it");
}

main().catch((err) => {
  console.error("[worker] failed:", err instanceof Error ? err.message : err);
  process.exit(1);
});

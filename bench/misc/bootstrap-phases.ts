/**
 * Where a start's time goes before `next start` answers: Next holds every
 * request until instrumentation.ts's register() has run bootstrap(). This
 * runs the same steps, in the same order, in a plain process on the bench's
 * data dir (the server stopped: PGlite allows one process) and prints the ms
 * of each as one JSON line. Module loading is timed apart: in the server it
 * comes from the build's bundles instead.
 *
 *   DATA_DIR=… tsx --conditions=react-server bench/misc/bootstrap-phases.ts
 */
export {}; // a module: top-level await

const phases: Record<string, number> = {};
let last = performance.now();
const mark = (name: string) => {
  const now = performance.now();
  phases[name] = Math.round(now - last);
  last = now;
};

const { getDb, closeDb } = await import("@/lib/server/db/client");
const { ensureFirstPartyClient } = await import("@/lib/server/oauth/create-client");
const { dashboardClientConfig } = await import("@/lib/server/dashboard/dashboard-config");
const { resealCallbackCredentials } = await import("@/lib/server/callbacks/reseal-callback-credentials");
const { chainUnhashedAudits } = await import("@/lib/server/documents/record-audit");
const { startBackgroundWork } = await import("@/lib/server/jobs/start-background-work");
const { stopBoss } = await import("@/lib/server/jobs/boss");
mark("load modules (tsx, not the build)");
const db = await getDb();
mark("open the database and check migrations");
await ensureFirstPartyClient(db, dashboardClientConfig());
mark("dashboard OAuth client");
await resealCallbackCredentials(db);
mark("reseal callback credentials");
await chainUnhashedAudits(db);
mark("chain unhashed audit entries");
await startBackgroundWork();
mark("jobs: pg-boss start, queues, workers, schedules, sweep");
await stopBoss();
await closeDb();
console.log(JSON.stringify({ phases }));
process.exit(0);

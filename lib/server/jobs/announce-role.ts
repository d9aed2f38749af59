import "server-only";
import { env } from "@/lib/env";
import { log } from "@/lib/server/observability/logger";

/**
 * One start-up line saying which role this server process plays (docs/deploy.md, "Roles"):
 * all-in-one (web and jobs, the default) or web only (RUN_WORKER=false, jobs by `npm run worker`).
 * Web only on the embedded database is a mistake: no other process can open it, so nothing
 * would ever run the jobs.
 */
export function announceRole() {
  const e = env();
  if (e.RUN_WORKER) {
    log("startup").info({ role: "all-in-one" }, "serving requests and running background jobs");
  } else if (e.embedded) {
    log("startup").warn(
      { role: "web" },
      "RUN_WORKER=false on the embedded database: no process can run the background jobs (npm run worker needs DATABASE_URL); uploads, e-mail, callbacks and completion will wait",
    );
  } else {
    log("startup").info({ role: "web" }, "serving requests; background jobs run in npm run worker processes");
  }
}

import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { isStopping } from "@/lib/server/jobs/graceful-shutdown";
import { getStorage } from "@/lib/server/storage/storage";
import { log } from "./logger";

export type Check = { ok: boolean; ms: number; error?: string };
export type Readiness = { ready: boolean; status: "ready" | "stopping" | "unavailable"; checks: { database: Check; storage: Check; queue: Check } };

/** Each dependency gets this long; a hung one counts as down rather than hanging the probe. */
const CHECK_TIMEOUT_MS = 3000;

async function timed(name: string, fn: () => Promise<unknown>): Promise<Check> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - t0) };
  } catch (err) {
    log("readyz").warn({ err, check: name }, "readiness check failed");
    // The probe's answer names the failure in general terms: details (hosts, paths) stay in the log.
    return { ok: false, ms: Math.round(performance.now() - t0), error: `${name} unreachable` };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this instance can serve: the database answers, the file store
 * answers (a read of a key that never exists: no write, works on every
 * driver, fails when the store cannot be reached), and the job queue's tables
 * are there (pg-boss lives in the same database; its schema is created at
 * the first start), and the process has not been told to stop (SIGTERM).
 */
export async function checkReadiness(): Promise<Readiness> {
  const [database, storage, queue] = await Promise.all([
    timed("database", async () => (await getDb()).execute(sql`select 1`)),
    timed("storage", () => getStorage().get("readyz/probe-that-never-exists")),
    timed("queue", async () => (await getDb()).execute(sql`select 1 from pgboss.queue limit 1`)),
  ]);
  // A process told to stop still answers while it drains (the worker's endpoints, open connections): not ready.
  const stopping = isStopping();
  const ready = !stopping && database.ok && storage.ok && queue.ok;
  return { ready, status: stopping ? "stopping" : ready ? "ready" : "unavailable", checks: { database, storage, queue } };
}

/** The answer of GET /readyz on the web server and on a worker's own endpoints: 200 when ready, 503 otherwise. */
export async function readinessResponse(headers: Record<string, string> = {}): Promise<Response> {
  const { ready, status, checks } = await checkReadiness();
  return Response.json({ status, checks }, { status: ready ? 200 : 503, headers });
}

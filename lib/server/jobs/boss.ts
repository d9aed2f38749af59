import "server-only";
import { PgBoss, fromPglite, type SendOptions } from "pg-boss";
import type { PGlite } from "@electric-sql/pglite";
import { env } from "@/lib/env";
import { getDbHandle } from "@/lib/server/db/client";
import { queueOptions, type JobName, type JobPayloads } from "./queues";
import { log } from "@/lib/server/observability/logger";
import { stopConsumers } from "./consume-queue";

const g = globalThis as unknown as { __boss?: Promise<PgBoss> };

/** pg-boss on the application's own database: PGlite in embedded mode, PostgreSQL otherwise. */
export function getBoss(): Promise<PgBoss> {
  g.__boss ??= start().catch((e) => {
    g.__boss = undefined;
    throw e;
  });
  return g.__boss;
}

async function start() {
  const handle = await getDbHandle();
  const boss =
    handle.kind === "pglite"
      ? new PgBoss({ db: fromPglite(handle.raw as PGlite), backend: "pglite", schema: "pgboss" })
      : new PgBoss({ connectionString: env().DATABASE_URL!, schema: "pgboss", max: 4 });
  boss.on("error", (err) => log("jobs").error({ err }, "queue error"));
  await boss.start();
  for (const [name, options] of Object.entries(queueOptions)) {
    await boss.createQueue(name, options);
  }
  return boss;
}

/**
 * Queues a job. Never call it inside a database transaction: on PGlite the
 * queue shares the single connection and would wait for the transaction.
 */
export async function enqueue<K extends JobName>(name: K, data: JobPayloads[K], options: SendOptions = {}) {
  const boss = await getBoss();
  return boss.send(name, data, options);
}

/**
 * Queues several jobs of one kind in one statement (each with its own options), as enqueue would
 * one by one; a job whose singletonKey is already queued is left out, as enqueue leaves it.
 * Same rule: never inside a database transaction.
 */
export async function enqueueMany<K extends JobName>(name: K, jobs: { data: JobPayloads[K]; singletonKey?: string }[]) {
  if (jobs.length === 0) return;
  const boss = await getBoss();
  await boss.insert(name, jobs);
}

/**
 * Stops taking jobs, gives running ones `graceMs` to finish, then fails what still runs back to
 * the queue (retried by any worker), and closes the queue's connections.
 */
export async function stopBoss(graceMs = 10_000) {
  const boss = g.__boss;
  if (!boss) return;
  try {
    const b = await boss;
    // pg-boss's workers and our own consumers (consume-queue.ts) stop taking jobs at once and drain
    // side by side; the connections close only then, since the consumers settle their jobs through them.
    // Meanwhile enqueue() still reaches this instance (a callback's retry, a request still open): were
    // the handle cleared first, it would start a second pg-boss in the stopping process.
    await Promise.all([stopConsumers(graceMs), b.stop({ graceful: true, timeout: graceMs, close: false })]);
    await b.stop({ close: true });
  } finally {
    if (g.__boss === boss) g.__boss = undefined;
  }
}

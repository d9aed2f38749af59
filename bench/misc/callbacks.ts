/**
 * Callbacks per second: our webhook delivery (lib/server/callbacks, through
 * the pg-boss queue and the worker exactly as the server runs it) next to a
 * raw fetch loop posting the same bodies and signature headers to the same
 * local receiver with the same concurrency (the queue's worker concurrency).
 * Alternating rounds, same run: only the ratio travels.
 *
 *   tsx --conditions=react-server bench/misc/callbacks.ts
 *   BENCH_CALLBACKS=64 BENCH_RUNS=3     (callbacks per round, timed rounds per side)
 *   BENCH_RECEIVER_DELAY_MS=50          (how long the receiver takes to answer)
 *   DATABASE_URL=postgres://…/scratch   (that database is emptied first)
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { inArray } from "drizzle-orm";
import { closeDb, getDb, type Db } from "@/lib/server/db/client";
import { accounts, callbackDeliveries } from "@/lib/server/db/schema";
import { newId } from "@/lib/server/crypto";
import { dispatchCallbacks, recordDocumentCallback } from "@/lib/server/callbacks/record-callback";
import { webhookHeaders } from "@/lib/server/callbacks/sign-webhook";
import { jobHandlers } from "@/lib/server/jobs/handlers";
import { startWorker } from "@/lib/server/jobs/worker";
import { stopBoss } from "@/lib/server/jobs/boss";
import { workerConcurrency } from "@/lib/server/jobs/queues";
import { prepareDatabase } from "../dashboard/database";
import { freePort } from "../lib/free-port";
import { median, round, writeResults, type Goal } from "../lib/results";
import { startReceiver, type Receiver } from "./receiver";

const N = Number(process.env.BENCH_CALLBACKS ?? 64);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONCURRENCY = workerConcurrency["deliver-callback"] ?? 1;
/**
 * The receiver answers after 50 ms, a webhook endpoint across the internet
 * (round trip plus its own work); the raw loop's 8 connections then post
 * at most 160 callbacks/s (8 / 50 ms). The goal: the queue keeps at least half of that, i.e. its
 * 8 workers are busy posting at least half the time, the rest going to what
 * makes a callback durable (the job's insert, fetch and completion, the
 * delivery's claim, the account's secret, the recorded attempt). With a
 * receiver that answers at once (BENCH_RECEIVER_DELAY_MS=0) the raw loop
 * measures loopback HTTP alone and any durable sender loses by far more.
 */
const GOAL = 0.5;
const DELAY_MS = Number(process.env.BENCH_RECEIVER_DELAY_MS ?? 50);

process.chdir(fileURLToPath(new URL("../..", import.meta.url)));
const log = (s: string) => console.log(s);

type Item = { id: string; body: string; headers: Record<string, string> };

const bench = await prepareDatabase();
process.env.DATA_DIR = bench.dataDir; // env() is read lazily
process.env.CALLBACKS_ALLOW_PRIVATE_NETWORKS = "true"; // the receiver is on 127.0.0.1
let receiver: Receiver | undefined;
try {
  const db = await getDb();
  const secret = `whsec_${Buffer.from(newId() + newId()).toString("base64")}`;
  const accountId = newId();
  await db.insert(accounts).values({ id: accountId, name: "Bench callbacks", callbackSecret: secret });
  receiver = await startReceiver(await freePort(8040), DELAY_MS);
  await startWorker(jobHandlers);
  log(`callbacks: ${N} per round, ${RUNS} timed rounds per side + 1 warm-up, concurrency ${CONCURRENCY}, ${bench.label}, receiver ${receiver.url} answering after ${DELAY_MS} ms`);

  const rates = { queue: [] as number[], raw: [] as number[] };
  for (let r = -1; r < RUNS; r++) {
    const n = r < 0 ? Math.max(20, N >> 2) : N;
    const ids = await recordRound(db, accountId, receiver.url, n, r);
    const items = await itemsOf(db, ids, secret);
    const sides = r % 2 === 0 ? (["raw", "queue"] as const) : (["queue", "raw"] as const);
    for (const side of sides) {
      const ms = side === "queue" ? await viaQueue(db, receiver, ids) : await rawLoop(receiver, items);
      if (r >= 0) rates[side].push((n / ms) * 1000);
      log(`  ${r < 0 ? "warm-up" : `round ${r + 1}`} ${side.padEnd(5)} ${n} in ${ms.toFixed(0)} ms = ${((n / ms) * 1000).toFixed(0)}/s`);
    }
  }
  const queue = median(rates.queue);
  const raw = median(rates.raw);
  const ratio = queue / raw;
  log(`\ncallbacks/s median: queue ${queue.toFixed(0)}, raw fetch loop ${raw.toFixed(0)}; ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL})`);
  const goals: Goal[] = [
    {
      name: `callbacks/s vs raw fetch loop (receiver ${DELAY_MS} ms)`,
      ratio: round(ratio),
      goal: `≥${GOAL}×`,
      ok: ratio >= GOAL,
      better: "higher",
      measured: Math.round(queue),
      unit: "callbacks/s",
    },
  ];
  writeResults(`callbacks${bench.kind === "postgres" ? "-postgres" : ""}`, {
    receiverDelayMs: DELAY_MS,
    database: bench.kind,
    callbacksPerRound: N,
    runs: RUNS,
    concurrency: CONCURRENCY,
    perSecond: { queue: rates.queue.map(Math.round), raw: rates.raw.map(Math.round) },
    goals,
  });
} finally {
  await receiver?.close();
  await stopBoss().catch(() => {});
  await closeDb().catch(() => {});
  fs.rmSync(bench.dataDir, { recursive: true, force: true });
}
process.exit(0); // pg-boss timers

/** The deliveries of one round, recorded as an event's transaction records them (not timed). */
async function recordRound(db: Db, accountId: string, url: string, n: number, r: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const document = { id: `bench-doc-${r}-${i}`, accountId, state: "pending", callbackUrl: url };
    ids.push((await recordDocumentCallback(db, { document, event: "viewed" }))!);
  }
  return ids;
}

/** The same bodies and signature headers the worker sends, under other ids (raw-…). */
async function itemsOf(db: Db, ids: string[], secret: string): Promise<Item[]> {
  const rows = await db.select().from(callbackDeliveries).where(inArray(callbackDeliveries.id, ids));
  return rows.map((row) => {
    const id = `raw-${row.id}`;
    const body = JSON.stringify(row.payload);
    return { id, body, headers: { "content-type": "application/json", ...webhookHeaders(secret, id, body) } };
  });
}

/** Timed: queueing the jobs (what dispatchCallbacks does after the event's commit) until the receiver has every callback. */
async function viaQueue(db: Db, receiver: Receiver, ids: string[]): Promise<number> {
  const target = receiver.received() + ids.length;
  const t0 = performance.now();
  await dispatchCallbacks(ids);
  await receiver.waitFor(target, 300_000);
  const ms = performance.now() - t0;
  // Not timed: every delivery recorded as delivered, each received once.
  for (let tries = 0; ; tries++) {
    const rows = await db.select({ status: callbackDeliveries.status }).from(callbackDeliveries).where(inArray(callbackDeliveries.id, ids));
    if (rows.every((row) => row.status === "delivered")) break;
    if (tries > 100) throw new Error(`deliveries not all recorded as delivered: ${rows.filter((x) => x.status !== "delivered").length} left`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const twice = ids.filter((id) => receiver.ids.get(id) !== 1);
  if (twice.length) throw new Error(`${twice.length} callbacks not received exactly once (e.g. ${twice[0]})`);
  return ms;
}

/** Timed: CONCURRENCY fetch loops posting the prepared bodies. */
async function rawLoop(receiver: Receiver, items: Item[]): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        const res = await fetch(receiver.url, { method: "POST", body: item.body, headers: item.headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`receiver answered ${res.status}`);
      }
    }),
  );
  return performance.now() - t0;
}


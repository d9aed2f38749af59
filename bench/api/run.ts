/**
 * API throughput (issue 14 points 1 and 7): requests per second of the API's
 * hot calls with N documents in the account, each next to a route of the
 * same server that answers a constant body of the same size (the framework's
 * ceiling for that answer) and plain node:http answering the same bytes,
 * alternating; on PGlite and on PostgreSQL. Only the ratios travel.
 *
 *   npm run bench:api [-- --reuse-build]
 *   BENCH_DOCS_LIST=1000,100000,1000000 BENCH_DATABASES=pglite,postgres BENCH_SECONDS=2 BENCH_ROUNDS=2
 *   DATABASE_URL=postgres://…/scratch npm run bench:api    (that database is emptied first; else a throwaway cluster)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { closeDb } from "@/lib/server/db/client";
import { buildApp, DIST_DIR } from "../dashboard/build-app";
import { OWNER, REDIRECT_URI } from "../dashboard/create-account";
import { appEnv } from "../dashboard/database";
import { startServer, stop, type Proc } from "../dashboard/processes";
import { freePort } from "../lib/free-port";
import { apiToken, signInToDashboard } from "../dashboard/sign-in";
import { measureTarget, targets, type TargetResult } from "./measure";
import { startCluster } from "../lib/postgres";
import { startRawServer } from "./raw-server";
import { goals, printTable, writeResults, type Dataset } from "./report";
import { datasetsShared, peekDataset, siblingDatabase, sizesFor, storeDataset, type StoredDataset } from "../lib/datasets";
import { makeDataset } from "../lib/make-dataset";

const DOCS = (process.env.BENCH_DOCS_LIST ?? "1000,100000").split(",").map((s) => Number(s.trim())).filter((n) => n > 0);
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").map((s) => s.trim());
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const reuseBuild = process.argv.includes("--reuse-build") || process.env.BENCH_REUSE_BUILD === "1";

process.chdir(fileURLToPath(new URL("../..", import.meta.url)));
const t0 = performance.now();
const log = (s: string) => console.log(s);
const phase = (s: string) => log(`\n[bench ${((performance.now() - t0) / 1000).toFixed(0)}s] ${s}`);
const loadBefore = os.loadavg();

let server: Proc | undefined;
let cluster: { url: string; stop: () => void } | undefined;
let serverLog = "";
const raw = await startRawServer();
const datasets: Dataset[] = [];
const skipped: string[] = [];
try {
  phase("build");
  await buildApp({ ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, reuseBuild, log);

  for (const kind of DATABASES) {
    if (kind === "postgres" && !process.env.DATABASE_URL) {
      phase("PostgreSQL");
      try {
        const c = await startCluster(log);
        cluster = { url: await c.createDatabase("bench"), stop: c.stop };
      } catch (e) {
        const why = (e as Error).message.split("\n")[0]!;
        skipped.push(`postgres: ${why}`);
        log(`  skipped: ${why}`);
        continue;
      }
    }
    const databaseUrl = kind === "postgres" ? (process.env.DATABASE_URL ?? cluster!.url) : undefined;
    for (const [i, count] of sizesFor(kind as StoredDataset["kind"], DOCS).entries()) {
      // A fresh database per size; the user's own DATABASE_URL is checked for users the first time only.
      if (kind === "postgres" && (i > 0 || cluster)) process.env.BENCH_WIPE_DATABASE = "1";
      datasets.push(await dataset(kind, count, datasets.length === 0, databaseUrl));
    }
  }

  const results = goals(datasets, [...new Set(datasets.map((d) => d.documents))]);
  printTable(datasets, results, `${SECONDS} s × ${ROUNDS} rounds per side, ${CONNECTIONS} connections (wrk); ${os.cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(1)).join(" ")}`);
  if (skipped.length) log(`skipped: ${skipped.join("; ")}`);
  await writeResults({
    documents: [...new Set(datasets.map((d) => d.documents))],
    databases: DATABASES,
    seconds: SECONDS,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    build: { distDir: DIST_DIR, reused: reuseBuild, buildId: fs.readFileSync(path.join(DIST_DIR, "BUILD_ID"), "utf8").trim() },
    loadavg: { before: loadBefore, after: os.loadavg() },
    totalSeconds: Math.round((performance.now() - t0) / 1000),
    skipped,
    datasets,
    goals: results,
  });
} catch (e) {
  if (serverLog && fs.existsSync(serverLog)) console.error(`\n--- end of ${serverLog} ---\n${fs.readFileSync(serverLog, "utf8").split("\n").slice(-40).join("\n")}`);
  throw e;
} finally {
  if (server) await stop(server);
  await closeDb().catch(() => {});
  await raw.close();
  cluster?.stop();
}

/**
 * One database of `count` documents — the one `npm run bench` seeded (bench/lib/seed-datasets.ts), else
 * made here — then next start, sign-in, the measurements; the dataset is left for the later benches.
 */
async function dataset(kind: string, count: number, withRaw: boolean, databaseUrl: string | undefined): Promise<Dataset> {
  // Read where it lies and left in the store for the dashboard and search benches.
  const given = peekDataset(kind as StoredDataset["kind"], count);
  if (given) phase(`${kind}, ${count} documents: the account seeded by ${given.madeBy}`);
  else phase(`${kind}, ${count} documents: account and documents`);
  const made = given
    ? { db: { kind: given.kind, dataDir: given.dataDir, databaseUrl: given.databaseUrl, label: given.databaseUrl ?? given.dataDir }, account: given.account, seedSeconds: given.seedSeconds }
    : await withDatabaseUrl(
        // Kept for the later benches (run-all): each size in a database of its own.
        databaseUrl && datasetsShared() ? await siblingDatabase(databaseUrl, String(count)) : databaseUrl,
        () => makeDataset(count, log),
      );
  const { db, account, seedSeconds } = made;
  let kept = !!given;
  try {
    const port = await freePort(5600);
    const base = `http://localhost:${port}`;
    serverLog = path.join(db.dataDir, "server.log");
    phase(`${kind}: next start on ${base}`);
    server = await startServer(
      appEnv(db, {
        NEXT_DIST_DIR: DIST_DIR,
        PORT: String(port),
        APP_URL: base,
        BENCH_ROUTES: "1",
        // The worker would re-queue the completion of every seeded executed document (none has a signed PDF) at start-up.
        RUN_WORKER: "false",
        RATE_LIMIT_READ_PER_MINUTE: "1000000000",
        RATE_LIMIT_WRITE_PER_MINUTE: "1000000000",
      }),
      port,
      serverLog,
    );
    const jar = await signInToDashboard(base, OWNER);
    const token = await apiToken(base, jar, { ...account.app, redirect_uri: REDIRECT_URI });
    const first = await fetch(`${base}/public/v2/documents?per_page=1`, { headers: { Authorization: `Bearer ${token}` } });
    const documentId = ((await first.json()) as { documents?: { id: string }[] }).documents?.[0]?.id;
    if (!documentId) throw new Error(`no document listed (${first.status})`);

    phase(`${kind}, ${count} documents: measuring`);
    const results: TargetResult[] = [];
    for (const t of targets(documentId)) {
      results.push(await measureTarget(base, token, t, { seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, raw: withRaw ? raw.url : null, log }));
    }
    await stop(server);
    server = undefined;
    // Not a database of the cluster this bench started itself: it stops with this bench.
    const ownCluster = db.kind === "postgres" && !!cluster;
    kept ||= !ownCluster && storeDataset({ kind: db.kind, documents: count, dataDir: db.dataDir, databaseUrl: db.databaseUrl, account, seedSeconds, madeBy: "the api bench" });
    if (kept) log(`  kept for the dashboard and search benches`);
    return { database: kind, documents: count, seedSeconds, results };
  } finally {
    if (server) {
      await stop(server);
      server = undefined;
    }
    await closeDb().catch(() => {});
    if (serverLog.startsWith(db.dataDir) && fs.existsSync(serverLog)) {
      // kept for the error report below: the data directory goes
      const kept = path.join(os.tmpdir(), `bench-api-server-${kind}-${count}.log`);
      fs.copyFileSync(serverLog, kept);
      serverLog = kept;
    }
    if (!kept && process.env.BENCH_KEEP_DATA !== "1") fs.rmSync(db.dataDir, { recursive: true, force: true });
  }
}

/** Runs `work` with DATABASE_URL set to `url` (unset for PGlite), and puts the caller's back after. */
async function withDatabaseUrl<T>(url: string | undefined, work: () => Promise<T>): Promise<T> {
  const saved = process.env.DATABASE_URL;
  if (url) process.env.DATABASE_URL = url;
  else delete process.env.DATABASE_URL;
  try {
    return await work();
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
}

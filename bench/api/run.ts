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
import { closeDb, getDb } from "@/lib/server/db/client";
import { resetEnvForTesting } from "@/lib/env";
import { buildApp, DIST_DIR } from "../dashboard/build-app";
import { COLLEAGUE, createAccount, OWNER, REDIRECT_URI } from "../dashboard/create-account";
import { appEnv, prepareDatabase, type BenchDatabase } from "../dashboard/database";
import { freePort, startServer, stop, type Proc } from "../dashboard/processes";
import { seedDocuments } from "../dashboard/seed-documents";
import { apiToken, signInToDashboard } from "../dashboard/sign-in";
import { measureTarget, targets, type TargetResult } from "./measure";
import { startCluster, type Cluster } from "./postgres-cluster";
import { startRawServer } from "./raw-server";
import { skipAuditChaining } from "./skip-audit-chaining";
import { goals, printTable, writeResults, type Dataset } from "./report";
import { datasetsShared, siblingDatabase, storeDataset } from "../lib/datasets";

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
let cluster: Cluster | undefined;
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
      const c = await startCluster(log);
      if (typeof c === "string") {
        skipped.push(`postgres: ${c}`);
        log(`  skipped: ${c}`);
        continue;
      }
      cluster = c;
    }
    const databaseUrl = kind === "postgres" ? (process.env.DATABASE_URL ?? cluster!.url) : undefined;
    for (const [i, count] of DOCS.entries()) {
      // A fresh database per size; the user's own DATABASE_URL is checked for users the first time only.
      if (kind === "postgres" && (i > 0 || cluster)) process.env.BENCH_WIPE_DATABASE = "1";
      const saved = process.env.DATABASE_URL;
      // Kept for the later benches (run-all): each size in a database of its own.
      if (databaseUrl) process.env.DATABASE_URL = datasetsShared() ? await siblingDatabase(databaseUrl, String(count)) : databaseUrl;
      else delete process.env.DATABASE_URL;
      try {
        datasets.push(await dataset(kind, count, datasets.length === 0));
      } finally {
        if (saved === undefined) delete process.env.DATABASE_URL;
        else process.env.DATABASE_URL = saved;
      }
    }
  }

  const results = goals(datasets, DOCS);
  printTable(datasets, results, `${SECONDS} s × ${ROUNDS} rounds per side, ${CONNECTIONS} connections (wrk); ${os.cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(1)).join(" ")}`);
  if (skipped.length) log(`skipped: ${skipped.join("; ")}`);
  await writeResults({
    documents: DOCS,
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
  await cluster?.stop();
}

/** One database of `count` documents: account, seed, next start, sign-in, the measurements. */
async function dataset(kind: string, count: number, withRaw: boolean): Promise<Dataset> {
  const db: BenchDatabase = await prepareDatabase();
  let kept = false;
  try {
    phase(`${kind}, ${count} documents: account with the admin CLI (${db.label})`);
    const account = await createAccount(appEnv(db), db.dataDir, log);
    phase(`${kind}: ${count} documents with bulk SQL`);
    process.env.DATA_DIR = db.dataDir;
    resetEnvForTesting(); // env() is read lazily and cached: this dataset's DATA_DIR / DATABASE_URL
    const s0 = performance.now();
    await seedDocuments(await getDb(), { ...account, ownerEmail: OWNER.email, colleagueEmail: COLLEAGUE.email, count }, log);
    const c0 = performance.now();
    await skipAuditChaining(await getDb());
    log(`  audit entries numbered, placeholder hashes (${((performance.now() - c0) / 1000).toFixed(1)} s)`);
    const seedSeconds = (performance.now() - s0) / 1000;
    await closeDb(); // PGlite: one process at a time, and the server is next

    const port = await freePort(3600);
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
    kept = !ownCluster && storeDataset({ kind: db.kind, documents: count, dataDir: db.dataDir, databaseUrl: db.databaseUrl, account, seedSeconds, madeBy: "api" });
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

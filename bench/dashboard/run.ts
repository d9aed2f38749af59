/**
 * Server response time of the dashboard's documents page with 100,000
 * documents in the account, next to the API call the page makes (measured
 * in the same run, alternating: only the ratio travels), plus first-load
 * JavaScript per route from the build.
 *
 *   npm run bench:dashboard [-- --reuse-build]
 *   DATABASE_URL=postgres://…/scratch npm run bench:dashboard      (that database is emptied first)
 *   BENCH_RUNS=20 BENCH_WARMUP=3 BENCH_DOCS=100000 BENCH_EXPLAIN=0 BENCH_KEEP_DATA=1
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { closeDb, getDb } from "@/lib/server/db/client";
import { buildApp, DIST_DIR } from "./build-app";
import { OWNER, REDIRECT_URI, type BenchAccount } from "./create-account";
import { peekDataset, type StoredDataset } from "../lib/datasets";
import { appEnv, type BenchDatabase } from "./database";
import { makeDataset } from "../lib/make-dataset";
import { byHtml, byManifest, sharedJs } from "./first-load-js";
import { measureFloor, measureVariant, VARIANTS, type VariantResult } from "./measure";
import { startServer, stop, type Proc } from "./processes";
import { freePort } from "../lib/free-port";
import { dashboardGoals } from "./goals";
import { printExplain, printFirstLoad, printGoals, printTimes, writeJson, type FirstLoad } from "./report";
import { apiToken, signInToDashboard } from "./sign-in";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const DOCS = Number(process.env.BENCH_DOCS ?? 100_000);
const reuseBuild = process.argv.includes("--reuse-build") || process.env.BENCH_REUSE_BUILD === "1";

process.chdir(fileURLToPath(new URL("../..", import.meta.url)));
const t0 = performance.now();
const log = (s: string) => console.log(s);
const phase = (s: string) => log(`\n[bench ${((performance.now() - t0) / 1000).toFixed(0)}s] ${s}`);
const loadBefore = os.loadavg();

let db: BenchDatabase | undefined;
let taken: StoredDataset | null = null;
let server: Proc | undefined;
let serverLog = "";
try {
  phase("build");
  await buildApp({ ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, reuseBuild, log);

  // In `npm run bench` this account is seeded already (bench/lib/datasets.ts).
  const given = process.env.DATABASE_URL ? null : peekDataset("pglite", DOCS);
  let account: BenchAccount;
  if (given) {
    taken = given;
    db = { kind: "pglite", dataDir: given.dataDir, label: `PGlite in ${given.dataDir}` };
    account = given.account;
    phase(`${DOCS} documents: the account seeded by ${given.madeBy} (${db.label})`);
  } else {
    phase(`${DOCS} documents: account and documents`);
    ({ db, account } = await makeDataset(DOCS, log));
  }

  const port = await freePort(5400);
  const base = `http://localhost:${port}`;
  serverLog = path.join(db.dataDir, "server.log");
  phase(`next start on ${base}`);
  // No background worker: at startup it would re-queue the completion of every seeded executed document
  // (75,000, none has a signed PDF) and render them while we measure.
  server = await startServer(appEnv(db, { NEXT_DIST_DIR: DIST_DIR, PORT: String(port), APP_URL: base, RUN_WORKER: "false" }), port, serverLog);
  const jar = await signInToDashboard(base, OWNER);
  const token = await apiToken(base, jar, { ...account.app, redirect_uri: REDIRECT_URI });
  const auth = { cookie: jar.header(), token };

  phase(`measuring: ${WARMUP} warm-up + ${RUNS} timed requests per side and variant, alternating`);
  const results: VariantResult[] = [];
  for (const v of VARIANTS) results.push(await measureVariant(base, v, auth, { runs: RUNS, warmup: WARMUP, log }));
  const floor = await measureFloor(base, auth, { runs: RUNS, warmup: WARMUP, log });

  phase("first-load JS");
  const firstLoad: FirstLoad = { shared: sharedJs(DIST_DIR), routes: byManifest(DIST_DIR) };
  for (const r of firstLoad.routes) {
    if (r.route.includes("[")) continue;
    const res = await fetch(base + r.route, { headers: { Cookie: auth.cookie }, redirect: "manual" });
    const html = await res.text();
    if (res.status === 200) r.html = byHtml(DIST_DIR, html);
  }

  await stop(server);
  server = undefined;
  let explained: Awaited<ReturnType<typeof import("./explain").explainVariants>> | null = null;
  if (process.env.BENCH_EXPLAIN !== "0") {
    phase("EXPLAIN ANALYZE of the list statements");
    process.env.DATA_DIR = db.dataDir;
    const { explainVariants } = await import("./explain");
    explained = await explainVariants(await getDb(), OWNER.email, VARIANTS, log);
    await closeDb();
  }

  const head = `${DOCS} documents, ${db.kind}; ${RUNS} timed + ${WARMUP} warm-up requests per side; ${os.cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(1)).join(" ")}`;
  printTimes(results, floor, head);
  printFirstLoad(firstLoad);
  printExplain(explained);
  const goals = dashboardGoals(results, floor, firstLoad);
  printGoals(goals);
  await writeJson("dashboard", {
    better: "lower",
    goals,
    database: db.kind,
    documents: DOCS,
    runs: RUNS,
    warmup: WARMUP,
    build: { distDir: DIST_DIR, reused: reuseBuild, buildId: fs.readFileSync(path.join(DIST_DIR, "BUILD_ID"), "utf8").trim() },
    loadavg: { before: loadBefore, after: os.loadavg() },
    versions: { node: process.version, next: (JSON.parse(fs.readFileSync("node_modules/next/package.json", "utf8")) as { version: string }).version },
    results,
    floor,
    firstLoad,
    explain: explained,
  });
} catch (e) {
  if (serverLog && fs.existsSync(serverLog)) console.error(`\n--- end of ${serverLog} ---\n${fs.readFileSync(serverLog, "utf8").split("\n").slice(-40).join("\n")}`);
  throw e;
} finally {
  if (server) await stop(server);
  await closeDb().catch(() => {});
  // A dataset from the store stays there for the search bench.
  const passedOn = !!taken;
  if (db && !passedOn && process.env.BENCH_KEEP_DATA !== "1") fs.rmSync(db.dataDir, { recursive: true, force: true });
  else if (db) log(`kept ${db.dataDir}`);
}

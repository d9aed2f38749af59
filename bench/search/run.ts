/**
 * Search in the documents list at 1,000 and 100,000 documents (1,000,000 on
 * request) on PGlite and on a throwaway PostgreSQL, next to the same list
 * without the search, with the extension sorts next to the default order.
 *
 *   npm run bench:search
 *   BENCH_SEARCH_SIZES=1000,100000,1000000 BENCH_SEARCH_DATABASES=pglite,postgres BENCH_RUNS=15 BENCH_WARMUP=2
 *   BENCH_KEEP_DATA=1 keeps the PGlite DATA_DIR (with the last size's documents)
 *   DATABASE_URL=postgres://…/scratch npm run bench:search   (that server instead of a throwaway; emptied first)
 *
 * Writes bench/results/search-<stamp>.json and bench/results/search.json with `goals`:
 * absolute-time goals as ratio = measured p50 / goal ms (< 1 meets it, as every absolute goal of
 * `npm run bench`), equality as the share of terms whose first page and total equal the row-by-row
 * ILIKE search (1 = all).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createAccount } from "../dashboard/create-account";
import { appEnv, prepareDatabase, type BenchDatabase } from "../dashboard/database";
import { sizesFor, takeDataset, type StoredDataset } from "../lib/datasets";
import { run } from "../dashboard/processes";
import { writeJson } from "../dashboard/report";
import type { SizeResult } from "./measure-database";
import { startCluster } from "../lib/postgres";

process.chdir(fileURLToPath(new URL("../..", import.meta.url)));
const SIZES = (process.env.BENCH_SEARCH_SIZES ?? "1000,100000").split(",").map(Number);
const KINDS = (process.env.BENCH_SEARCH_DATABASES ?? "pglite,postgres").split(",") as ("pglite" | "postgres")[];
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const GOAL_MS: Record<number, number> = { 100_000: 50, 1_000_000: 150 };
const t0 = performance.now();
const log = (s: string) => console.log(s);
const phase = (s: string) => log(`\n[bench ${((performance.now() - t0) / 1000).toFixed(0)}s] ${s}`);
const loadBefore = os.loadavg();

const results: Record<string, SizeResult[]> = {};
const outsideUrl = process.env.DATABASE_URL || undefined;

/** measure-database.ts in its own process (env() is read once per process) on one database; its results. */
async function measure(env: NodeJS.ProcessEnv, input: Record<string, unknown>): Promise<SizeResult[]> {
  const r = await run("node_modules/.bin/tsx", ["--conditions=react-server", "bench/search/measure-database.ts"], {
    env: { ...env, BENCH_SEARCH_INPUT: JSON.stringify({ runs: RUNS, warmup: WARMUP, ...input }) },
    capture: true,
  });
  process.stdout.write(r.stderr);
  if (r.code !== 0) throw new Error(`measure-database failed (exit ${r.code})`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as SizeResult[];
}

/**
 * In `npm run bench` the api bench has seeded every size on both databases
 * already (bench/lib/datasets.ts): each is measured where it lies, then
 * deleted (this is the last bench to use them). All sizes or none.
 */
async function measureGivenDatasets(kind: "pglite" | "postgres"): Promise<SizeResult[] | null> {
  const given = sizesFor(kind, SIZES).map((size) => takeDataset(kind, size));
  const all = given.every((d) => d !== null);
  try {
    if (!all) return null;
    const out: SizeResult[] = [];
    for (const d of given as StoredDataset[]) {
      phase(`${kind}: ${d.documents} documents, the account seeded by ${d.madeBy}`);
      const db: BenchDatabase = { kind, dataDir: d.dataDir, databaseUrl: d.databaseUrl, label: d.databaseUrl ?? d.dataDir };
      const [r] = await measure(appEnv(db), { sizes: [d.documents], seeded: true, account: d.account });
      out.push({ ...r!, seedSeconds: d.seedSeconds });
    }
    return out;
  } finally {
    for (const d of given) if (d) fs.rmSync(d.dataDir, { recursive: true, force: true });
  }
}

for (const kind of KINDS) {
  const fromDatasets = await measureGivenDatasets(kind);
  if (fromDatasets) {
    results[kind] = fromDatasets;
    continue;
  }
  let throwaway: { url: string; stop: () => void } | undefined;
  let dataDir: string | undefined;
  try {
    phase(`${kind}: database and account (admin CLI)`);
    if (kind === "postgres") {
      if (!outsideUrl) {
        const c = await startCluster(log);
        throwaway = { url: await c.createDatabase("bench_search"), stop: c.stop };
      }
      process.env.DATABASE_URL = outsideUrl ?? throwaway!.url;
    } else delete process.env.DATABASE_URL;
    const db = await prepareDatabase();
    dataDir = db.dataDir;
    const account = await createAccount(appEnv(db), db.dataDir, log);
    phase(`${kind}: ${sizesFor(kind, SIZES).join(", ")} documents`);
    results[kind] = await measure(appEnv(db), { sizes: sizesFor(kind, SIZES), account });
  } finally {
    if (dataDir && process.env.BENCH_KEEP_DATA === "1" && kind === "pglite") log(`kept ${dataDir}`);
    else if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throwaway?.stop();
  }
}
if (outsideUrl) process.env.DATABASE_URL = outsideUrl;

const goals: { name: string; ratio: number | null; goal: number | string; ok: boolean | null; better?: "lower" | "higher"; note?: string; measured?: number; unit?: string }[] = [];
log(`\nsearch p50 / p95 ms (list without search p50), ${os.cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(1)).join(" ")}`);
for (const [kind, sizes] of Object.entries(results)) {
  for (const s of sizes) {
    log(`\n${kind}, ${s.documents} documents (seeded in ${s.seedSeconds.toFixed(0)} s)`);
    for (const t of s.terms) log(`  ${`"${t.term}"`.padEnd(12)} ${t.kind.padEnd(9)} ${String(t.matches).padStart(7)} matches  ${t.p50.toFixed(1).padStart(7)} / ${t.p95.toFixed(1).padStart(7)}  (${t.baselineP50.toFixed(1)})${t.ok ? "" : "  MISMATCH"}`);
    for (const o of s.sorts) log(`  sort=${o.sort.padEnd(22)} ${o.p50.toFixed(1).padStart(7)}  (default order ${o.defaultP50.toFixed(1)})`);
    const selective = s.terms.filter((t) => t.kind === "selective");
    const worst = Math.max(...selective.map((t) => t.p50));
    const goalMs = GOAL_MS[s.documents];
    if (goalMs) goals.push({ name: `${kind}: search p50 < ${goalMs} ms at ${s.documents} documents (worst selective term)`, ratio: worst / goalMs, goal: `<${goalMs} ms`, better: "lower", ok: worst < goalMs, measured: Math.round(worst * 10) / 10, unit: "ms (p50)" });
    const equal = s.terms.filter((t) => t.ok).length / s.terms.length;
    goals.push({ name: `${kind}: search results equal the row-by-row ILIKE at ${s.documents} documents (share of terms)`, ratio: equal, goal: 1, ok: equal === 1 });
  }
}
// A size with a time goal that this run did not measure on a database still has its row, saying so.
for (const [kind, sizes] of Object.entries(results)) {
  for (const [documents, goalMs] of Object.entries(GOAL_MS)) {
    if (sizes.some((s) => s.documents === Number(documents))) continue;
    goals.push({ name: `${kind}: search p50 < ${goalMs} ms at ${documents} documents (worst selective term)`, ratio: null, goal: `<${goalMs} ms`, better: "lower", ok: null, note: `not measured (sizes on ${kind}: ${sizes.map((s) => s.documents).join(", ")})` });
  }
}
log("\ngoals");
for (const g of goals) log(`  ${g.ok === null ? "n/a " : g.ok ? "ok  " : "MISS"} ${g.name}: ${g.ratio === null ? "—" : g.ratio.toFixed(2)} (goal ${g.goal})${g.note ? `; ${g.note}` : ""}`);
const json = { sizes: Object.fromEntries(Object.entries(results).map(([kind, sizes]) => [kind, sizes.map((s) => s.documents)])), databases: KINDS, runs: RUNS, warmup: WARMUP, loadavg: { before: loadBefore, after: os.loadavg() }, results, goals };
await writeJson("search", json);
const latest = path.join("bench/results", "search.json");
fs.writeFileSync(latest, JSON.stringify({ stamp: new Date().toISOString(), cpus: os.cpus().length, ...json }, null, 2) + "\n");
log(`wrote ${latest}`);

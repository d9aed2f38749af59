/**
 * `npm run bench`: every benchmark of issue 14 in one command, under 15
 * minutes on a 2-core machine. Builds the app once (bench/dashboard/build-app.ts
 * into BENCH_DIST_DIR, default .next-bench) and hands that build to every
 * bench (BENCH_REUSE_BUILD=1); starts one throwaway PostgreSQL cluster and
 * gives the benches that run on both databases (api, search, startup: each
 * runs its PGlite and its PostgreSQL half itself) a fresh database on it in
 * DATABASE_URL, instead of a cluster of their own each; runs each
 * bench as its own process, in sequence, within its share of the time budget;
 * then collects the `goals` of every bench/results/<name>.json it wrote,
 * prints one table and writes bench/results/summary.json (the goals) and
 * bench/results/run.json (machine, databases, how each bench went). A bench
 * that is missing, fails or overruns shows as failed rows with the reason;
 * the others still run.
 *
 *   npm run bench [-- --reuse-build] [-- --only=api,search] [-- --skip=dashboard] [-- --no-postgres]
 *   BENCH_BUDGET_SECONDS=900 BENCH_DIST_DIR=.next-bench BENCH_VERBOSE=1 (bench output on the terminal too)
 *   BENCH_SHARE_SCALE=3 (each bench may take 3× longer before it is stopped: runs with a million documents)
 *   BENCH_README=1  rewrite README.md's bench section from the new summary (scripts/bench-table.ts)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RESULTS_DIR, machine, type Goal } from "./lib/results";
import { startCluster, type Cluster } from "./lib/postgres";
import { textTable, type RunInfo, type SummaryRow } from "./lib/summary";
import { apiCeiling, printCeiling } from "./lib/api-ceiling";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
process.chdir(ROOT);
process.env.BENCH_DIST_DIR ??= ".next-bench";
const DIST_DIR = process.env.BENCH_DIST_DIR;
// build-app.ts reads BENCH_DIST_DIR when it is loaded: import it (and the process helpers) only now.
const { buildApp } = await import("./dashboard/build-app");
const { start, stop } = await import("./dashboard/processes");

type Bench = {
  id: string;
  /** npm script that runs it, or a file run with tsx (our own benches). */
  npm?: string;
  file?: string;
  /** bench/results/<results>.json (or <results>-<stamp>.json) */
  results: string;
  /** Seconds this bench may take of the budget before a warning. */
  share: number;
  /** It measures PGlite and PostgreSQL itself, given a PostgreSQL database in DATABASE_URL. */
  postgres?: boolean;
  /** Its setting for PGlite alone (`--no-postgres`), where it would otherwise start a cluster of its own. */
  pgliteOnly?: Record<string, string>;
  /** It measures the seeded bench account (bench/lib/datasets.ts), seeded beside the build. */
  datasets?: boolean;
  /** It starts the built app (the others run the app's code with tsx and go on when the build fails). */
  build?: boolean;
  /** Settings of its own for this run (knobs that keep the whole run in its budget). */
  env?: Record<string, string>;
  /** The issue's goals this bench answers, shown as failed rows when it produced none. */
  expected: string[];
};

/**
 * In run order: the API first (the issue's headline ratios, and the figures
 * for Next's floor), then the quick ones, search last (it seeds 100,000
 * documents on both databases). Shares add up with the build to about the
 * 15-minute budget; a bench is stopped at 3× its share or when the budget
 * (plus 2 min) runs out. `env` trims repetitions (not sizes) where a bench's
 * defaults are made for running it alone: fewer timed runs widen the spread
 * a little, and the ratios stay same-run.
 */
const BENCHES: Bench[] = [
  {
    id: "api",
    datasets: true,
    npm: "bench:api",
    results: "api",
    share: 420,
    build: true,
    postgres: true,
    pgliteOnly: { BENCH_DATABASES: "pglite" },
    expected: ["me ≥0.8× constant route", "list per_page=100 ≥0.5×", "list per_page=10 ≥0.6×", "get ≥0.6× (100k docs)", "same ratios at 1k and 1M within 20 %"],
  },
  { id: "completion", npm: "bench:completion", results: "completion", share: 30, expected: ["completion <1 s", "completion ≤3× pdf-lib"] },
  { id: "callbacks", file: "bench/misc/callbacks.ts", results: "callbacks", share: 45, expected: ["callbacks/s vs raw fetch loop"] },
  {
    id: "processing",
    npm: "bench:processing",
    results: "processing",
    share: 100,
    env: { BENCH_RUNS: "2", BENCH_RUNS_LARGE: "1" },
    expected: ["processing ≥0.8× pdf.js (50 pages)", "processing ≥0.8× pdf.js (200 pages)"],
  },
  {
    id: "dashboard",
    datasets: true,
    npm: "bench:dashboard",
    results: "dashboard",
    share: 60,
    build: true,
    env: { BENCH_RUNS: "10", BENCH_EXPLAIN: "0" },
    expected: ["documents page ≤1.3× its API call", "first-load JS ≤130 KB (list pages)", "first-load JS ≤180 KB (heaviest)"],
  },
  {
    id: "startup",
    file: "bench/misc/startup.ts",
    results: "startup",
    share: 100,
    build: true,
    postgres: true,
    expected: ["cold start: first answer", "cold start: first authenticated API answer", "idle memory after start (RSS)", "idle memory after warm-up (RSS)"],
  },
  {
    id: "search",
    datasets: true,
    npm: "bench:search",
    results: "search",
    share: 80,
    postgres: true,
    pgliteOnly: { BENCH_SEARCH_DATABASES: "pglite" },
    env: { BENCH_RUNS: "7", BENCH_WARMUP: "1" },
    expected: ["search p50 <50 ms at 100k", "search p50 <150 ms at 1M"],
  },
];

/**
 * The account sizes measured on each database. A million documents only on PostgreSQL: seeding them
 * into the embedded PGlite takes longer than the whole budget (BENCH_SIZES_PGLITE=…,1000000 with
 * BENCH_BUDGET_SECONDS and BENCH_SHARE_SCALE to measure it there).
 */
const SIZES = { pglite: "1000,100000", postgres: "1000,100000,1000000" };

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1]?.split(",").filter(Boolean);
const only = arg("only");
const skip = arg("skip") ?? [];
const reuseBuild = process.argv.includes("--reuse-build") || process.env.BENCH_REUSE_BUILD === "1";
const withPostgres = !process.argv.includes("--no-postgres") && process.env.BENCH_POSTGRES !== "0";
const BUDGET = Number(process.env.BENCH_BUDGET_SECONDS ?? 900);
const verbose = process.env.BENCH_VERBOSE === "1";
// Longer shares for runs with larger sizes (e.g. BENCH_DOCS_LIST=…,1000000 with BENCH_BUDGET_SECONDS=3600).
const SHARE_SCALE = Number(process.env.BENCH_SHARE_SCALE ?? 1);

const t0 = Date.now();
const elapsed = () => (Date.now() - t0) / 1000;
const log = (s: string) => console.log(`[bench ${elapsed().toFixed(0).padStart(4)}s] ${s}`);
const LOG_DIR = path.join(RESULTS_DIR, "logs");
fs.mkdirSync(LOG_DIR, { recursive: true });
const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
const pgliteVersion = (JSON.parse(fs.readFileSync("node_modules/@electric-sql/pglite/package.json", "utf8")) as { version: string }).version;

const rows: SummaryRow[] = [];
const run: RunInfo = {
  machine: machine(),
  databases: { pglite: pgliteVersion, postgres: null },
  startedAt: new Date(t0).toISOString(),
  seconds: 0,
  budgetSeconds: BUDGET,
  build: { distDir: DIST_DIR, seconds: null, reused: reuseBuild },
  seeding: [],
  benches: [],
};

const selected = BENCHES.filter((b) => (!only || only.includes(b.id)) && !skip.includes(b.id));
log(`${selected.length} benches (${selected.map((b) => b.id).join(", ")}), budget ${BUDGET} s; ${run.machine.cpu}, ${run.machine.cores} cores, Node ${run.machine.node}`);

let cluster: Cluster | null = null;
let clusterError: string | null = null;
if (withPostgres && selected.some((b) => b.postgres)) {
  try {
    cluster = await startCluster(log);
    run.databases.postgres = cluster.version;
  } catch (e) {
    clusterError = (e as Error).message.split("\n")[0]!;
    log(`PostgreSQL not available: ${(e as Error).message}`);
  }
}

// The seeded accounts the benches measure (bench/lib/datasets.ts), deleted at the end.
const datasetsDir = (process.env.BENCH_DATASETS_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "bench-datasets-")));
// ~8 GB of seeded data: gone at any exit, Ctrl-C too (another module's signal handler may be the one
// that calls process.exit; the cluster has its own exit handler).
process.once("exit", () => fs.rmSync(datasetsDir, { recursive: true, force: true }));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
// The sizes every bench measures; a caller's own BENCH_SIZES_* wins.
process.env.BENCH_SIZES_PGLITE ??= SIZES.pglite;
process.env.BENCH_SIZES_POSTGRES ??= SIZES.postgres;
// (startSeeding never rejects: a seeding that fails is logged, and its benches seed their own.)
const seeding = startSeeding();

let buildError: string | null = null;
try {
  const b0 = Date.now();
  await buildApp({ ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, reuseBuild, (s) => log(s.trim()));
  run.build.seconds = Math.round((Date.now() - b0) / 1000);
} catch (e) {
  buildError = (e as Error).message.split("\n")[0]!;
  run.build.error = (e as Error).message;
  log(`BUILD FAILED: ${(e as Error).message}`);
}
await seeding;
// Seeding left up to 1 GB of dirty buffers (shared_buffers), which a timed checkpoint would write out
// over the next minutes, under the benches' measurements: written now instead.
if (cluster) {
  const c0 = Date.now();
  await cluster.checkpoint().catch((e: Error) => log(`CHECKPOINT failed: ${e.message}`));
  log(`PostgreSQL checkpoint after seeding in ${((Date.now() - c0) / 1000).toFixed(1)} s`);
}

try {
  for (const bench of selected) await runBench(bench);
} finally {
  cluster?.stop();
  fs.rmSync(datasetsDir, { recursive: true, force: true });
}

run.seconds = Math.round(elapsed());
// Issue 14 point 7 itself: every bench, in one command, in under 15 minutes (only a full run can say).
if (!only && !skip.length) {
  const limit = 15 * 60;
  rows.push({ name: "npm run bench: every bench in < 15 min", ratio: Math.round((run.seconds / limit) * 1000) / 1000, goal: "<15 min", ok: run.seconds < limit, better: "lower", measured: Math.round((run.seconds / 60) * 10) / 10, unit: "min", bench: "run", database: null });
}
// Whether Next's own request handling is what holds the API's ratios back (issue 14 point 7).
const ceiling = run.benches.some((b) => b.id === "api" && b.status === "ok") ? apiCeiling() : null;
if (ceiling) (run as RunInfo & { apiCeiling?: unknown }).apiCeiling = ceiling;
fs.writeFileSync(path.join(RESULTS_DIR, "summary.json"), JSON.stringify(rows, null, 2) + "\n");
fs.writeFileSync(path.join(RESULTS_DIR, "run.json"), JSON.stringify(run, null, 2) + "\n");
if (ceiling?.length) printCeiling(ceiling);
console.log(`\n${textTable(rows)}\n`);
const met = rows.filter((r) => r.ok).length;
console.log(
  `${met} of ${rows.length} goals met in ${(run.seconds / 60).toFixed(1)} min (budget ${BUDGET / 60} min)${run.seconds > BUDGET ? " — OVER BUDGET" : ""}; ` +
    `${run.machine.cpu}, ${run.machine.cores} cores, ${run.machine.ramGb} GB, Node ${run.machine.node}; PGlite ${pgliteVersion}` +
    (run.databases.postgres ? `, PostgreSQL ${run.databases.postgres}` : ""),
);
console.log(`wrote bench/results/summary.json and bench/results/run.json; logs in bench/results/logs/`);
for (const b of run.benches.filter((x) => x.seconds > x.shareSeconds)) console.log(`  over its share: ${b.id} ${b.seconds} s of ${b.shareSeconds} s`);
if (process.env.BENCH_README === "1") {
  const { updateReadme } = await import("../scripts/bench-table");
  updateReadme(log);
}
process.exit(0);

/**
 * Seeds the datasets of the selected benches that measure a seeded account (bench/lib/seed-datasets.ts)
 * while the app builds: seeding measures nothing, and the build, PGlite's seeding (in the seeding
 * process's thread) and PostgreSQL's (in server processes) keep both cores busy where each alone would
 * not. Resolves when all are done; a failed one is logged and its benches seed their own.
 */
async function startSeeding(): Promise<void> {
  const kinds = (["pglite", "postgres"] as const).filter((kind) =>
    selected.some((b) => b.datasets && (kind === "pglite" || (b.postgres && withPostgres && cluster))),
  );
  // The largest size of each database in a process of its own, started first: it is the longest
  // (a million documents on PostgreSQL: ~5 minutes alone), and the rest seed beside it.
  const groups = kinds.flatMap((kind) => {
    const sizes = (process.env[kind === "pglite" ? "BENCH_SIZES_PGLITE" : "BENCH_SIZES_POSTGRES"] ?? "").split(",").map(Number).filter((n) => n > 0);
    const largest = Math.max(...sizes);
    const rest = sizes.filter((n) => n !== largest);
    return [{ kind, sizes: [largest] }, ...(rest.length ? [{ kind, sizes: rest }] : [])].filter((g) => g.sizes.length && Number.isFinite(g.sizes[0]!));
  });
  const runs = groups.map(async ({ kind, sizes }) => {
    const logFile = path.join(LOG_DIR, `seed-${kind}-${sizes.join("-")}.log`);
    const started = Date.now();
    let problem: string | null;
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, BENCH_SEED_KIND: kind, BENCH_SEED_SIZES: sizes.join(","), NEXT_TELEMETRY_DISABLED: "1" };
      delete env.DATABASE_URL;
      if (kind === "postgres") env.DATABASE_URL = await cluster!.createDatabase(`bench_datasets_${sizes.join("_")}`);
      log(`seeding ${kind} at ${sizes.join(", ")} documents beside the build; ${path.relative(ROOT, logFile)}`);
      const proc = start(path.join("node_modules", ".bin", "tsx"), ["--conditions=react-server", "bench/lib/seed-datasets.ts"], { env, log: logFile });
      const { code } = await proc.done;
      problem = code === 0 ? null : `exit ${code}`;
    } catch (e) {
      problem = (e as Error).message.split("\n")[0]!;
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    run.seeding.push({ kind, sizes, seconds, ok: !problem, log: path.relative(ROOT, logFile) });
    log(`seeding ${kind} at ${sizes.join(", ")}: ${problem ? `FAILED (${problem}; its benches seed their own)` : "done"} in ${seconds} s`);
  });
  return Promise.all(runs).then(() => undefined);
}

/** Runs one bench and adds its goals, or failed rows saying why, to `rows`. */
async function runBench(bench: Bench) {
  const id = bench.id;
  const usePostgres = !!bench.postgres && withPostgres;
  const dbLabel = usePostgres && cluster ? "pglite+postgres" : "pglite";
  const record = (status: RunInfo["benches"][number]["status"], seconds: number, reason?: string, logFile?: string) =>
    run.benches.push({ id: bench.id, database: dbLabel, status, seconds: Math.round(seconds), shareSeconds: bench.share, reason, log: logFile });
  const fail = (reason: string) => {
    for (const name of bench.expected) rows.push({ name, ratio: null, goal: "", ok: false, bench: bench.id, database: dbLabel, reason });
  };

  const command = bench.npm && scripts[bench.npm] ? ["npm", ["run", "--silent", bench.npm]] : bench.file && fs.existsSync(bench.file) ? [path.join("node_modules", ".bin", "tsx"), ["--conditions=react-server", bench.file]] : null;
  if (!command) {
    const reason = bench.npm ? `no "${bench.npm}" script in package.json` : `${bench.file} not found`;
    log(`${id}: missing (${reason})`);
    record("missing", 0, reason);
    return fail(reason);
  }
  if (buildError && bench.build) {
    record("skipped", 0, `build failed: ${buildError}`);
    return fail(`build failed`);
  }
  const env: NodeJS.ProcessEnv = { ...bench.env, ...process.env, BENCH_REUSE_BUILD: "1", BENCH_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" };
  delete env.DATABASE_URL;
  if (!withPostgres) Object.assign(env, bench.pgliteOnly);
  if (usePostgres && cluster) {
    env.DATABASE_URL = await cluster.createDatabase(`bench_${bench.id.replace(/\W/g, "_")}`);
    env.BENCH_WIPE_DATABASE = "1"; // a fresh database of its own; the flag only spares the "holds users" refusal
  } else if (usePostgres) log(`${id}: PostgreSQL cluster not available (${clusterError}); the bench may start its own`);

  const left = t0 / 1000 + BUDGET + 120 - Date.now() / 1000;
  const cap = Math.max(60, Math.min(3 * bench.share * SHARE_SCALE, left));
  const logFile = path.join(LOG_DIR, `${id}.log`);
  fs.writeFileSync(logFile, `# ${[command[0], ...(command[1] as string[])].join(" ")}${env.DATABASE_URL ? ` (DATABASE_URL=${env.DATABASE_URL})` : ""}\n`);
  log(`${id}: running (share ${bench.share} s, stopped at ${Math.round(cap)} s)`);
  const started = Date.now();
  const proc = start(command[0] as string, command[1] as string[], { env, log: logFile });
  let tail: fs.StatWatcher | null = null;
  let printed = 0;
  if (verbose) {
    tail = fs.watchFile(logFile, { interval: 500 }, () => {
      const text = fs.readFileSync(logFile, "utf8");
      process.stdout.write(text.slice(printed));
      printed = text.length;
    });
  }
  let timedOut = false;
  const warn = setTimeout(() => log(`${id}: WARNING over its share of ${bench.share} s, still running`), bench.share * 1000);
  const kill = setTimeout(() => {
    timedOut = true;
    log(`${id}: stopping it after ${Math.round(cap)} s`);
    void stop(proc);
  }, cap * 1000);
  const { code } = await proc.done;
  clearTimeout(warn);
  clearTimeout(kill);
  if (tail) fs.unwatchFile(logFile);
  const seconds = (Date.now() - started) / 1000;

  const fresh = freshResults(bench.results, started);
  let goals: Goal[] = [];
  let problem: string | null = null;
  if (fresh) {
    try {
      const json = JSON.parse(fs.readFileSync(fresh, "utf8")) as { goals?: Goal[] };
      if (Array.isArray(json.goals) && json.goals.length) goals = json.goals;
      else problem = `${path.basename(fresh)} has no goals`;
    } catch (e) {
      problem = `${path.basename(fresh)} unreadable: ${(e as Error).message}`;
    }
  } else problem = `wrote no bench/results/${bench.results}*.json`;
  const exitProblem = timedOut ? `stopped after ${Math.round(seconds)} s (over 3× its share or the budget)` : code !== 0 ? `exited with ${code}` : null;

  for (const g of goals) {
    rows.push({
      ...g,
      name: String(g.name),
      goal: typeof g.goal === "number" ? g.goal : String(g.goal ?? ""),
      ratio: typeof g.ratio === "number" ? Math.round(g.ratio * 1000) / 1000 : null,
      ok: g.ok === true && !exitProblem,
      bench: bench.id,
      database: dbLabel,
      ...(exitProblem ? { reason: exitProblem } : g.ok === null || g.ok === undefined ? { reason: "not measured" } : {}),
    });
  }
  if (!goals.length) fail([exitProblem, problem].filter(Boolean).join("; "));
  const status = timedOut ? "timed out" : code !== 0 || !goals.length ? "failed" : "ok";
  record(status, seconds, exitProblem ?? problem ?? undefined, path.relative(ROOT, logFile));
  const over = seconds > bench.share ? ` — over its share of ${bench.share} s` : "";
  log(`${id}: ${status} in ${seconds.toFixed(0)} s${over}; ${goals.length} goals, ${goals.filter((g) => g.ok).length} met`);
  if (status !== "ok") {
    const lines = fs.readFileSync(logFile, "utf8").trimEnd().split("\n");
    console.log(lines.slice(-15).map((l) => `    | ${l}`).join("\n"));
  }
}

/** The results file this bench run wrote: bench/results/<name>.json or <name>-<stamp>.json, modified after it started. */
function freshResults(name: string, since: number): string | null {
  const candidates = fs
    .readdirSync(RESULTS_DIR)
    .filter((f) => f === `${name}.json` || new RegExp(`^${name}-\\d{4}-.*\\.json$`).test(f))
    .map((f) => path.join(RESULTS_DIR, f))
    .filter((f) => fs.statSync(f).mtimeMs >= since - 1000)
    .sort((a, b) => {
      // <name>.json first when both are fresh (the benches that write both write the same text)
      const rank = (f: string) => (path.basename(f) === `${name}.json` ? 0 : 1);
      return rank(a) - rank(b) || fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs;
    });
  return candidates[0] ?? null;
}

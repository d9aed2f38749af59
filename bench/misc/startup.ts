/**
 * Cold start and idle memory of `next start` on the bench build:
 *  - ms from spawning `next start` to its port accepting connections
 *    (reference), to its first answer (GET /, any status
 *    below 500), and to the first authenticated API answer (GET /public/v2/me
 *    with a bearer token, 200);
 *  - resident memory of the server's process group once it has answered
 *    (idle), and after a warm-up of API calls and pages.
 * Then bootstrap()'s steps timed one by one (bootstrap-phases.ts): Next
 * answers nothing until instrumentation's register() has run them.
 * Alongside, a bare node:http server spawned and polled the same way (what
 * spawning node costs on this machine; reference only, the goals are absolute).
 *
 *   tsx --conditions=react-server bench/misc/startup.ts [-- --reuse-build]
 *   BENCH_RUNS=2 BENCH_WARMUP_REQUESTS=200 BENCH_DIST_DIR=.next-bench-…
 *   DATABASE_URL=postgres://…/scratch   (also on that PostgreSQL, after PGlite; the database is emptied first)
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp, DIST_DIR } from "../dashboard/build-app";
import { cliBatch } from "../dashboard/create-account";
import { appEnv, prepareDatabase } from "../dashboard/database";
import { run, start, stop, type Proc } from "../dashboard/processes";
import { freePort } from "../lib/free-port";
import { median, round, writeResults, type Goal } from "../lib/results";
import { groupRssMb } from "./process-memory";

const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 200);
const reuseBuild = process.argv.includes("--reuse-build") || process.env.BENCH_REUSE_BUILD === "1";
/**
 * Goals. 5 s to answer after a (re)start: a rolling deploy or a crash restart
 * then fits inside the usual health-check window (Kubernetes' default
 * readiness probe gives 3 × 10 s; a load balancer's, 2-3 × 5 s) with room for
 * a slower machine than this 2-core one, and API clients retrying a refused
 * request after a few seconds see no error. 300 MB resident: the service
 * must fit a 512 MB instance (the smallest common tier) together with the
 * peaks of PDF work (a 1100 px page render, a completion), which take
 * 100-200 MB of their own.
 */
const GOAL_MS = 5000;
const GOAL_MB = 300;

process.chdir(fileURLToPath(new URL("../..", import.meta.url)));
const log = (s: string) => console.log(s);

const outsideUrl = process.env.DATABASE_URL || undefined;
const kinds: ("pglite" | "postgres")[] = outsideUrl ? ["pglite", "postgres"] : ["pglite"];
await buildApp({ ...process.env, NEXT_TELEMETRY_DISABLED: "1" }, reuseBuild, log);
const goals: Goal[] = [];
const byDatabase: Record<string, unknown> = {};
for (const kind of kinds) {
  // prepareDatabase() and appEnv() take the database from DATABASE_URL.
  if (kind === "postgres") process.env.DATABASE_URL = outsideUrl;
  else delete process.env.DATABASE_URL;
  const out = await measureOn();
  goals.push(...out.goals.map((g) => ({ ...g, name: `${kind}: ${g.name}` })));
  byDatabase[kind] = out.details;
}
if (outsideUrl) process.env.DATABASE_URL = outsideUrl;
writeResults("startup", { databases: kinds, runs: RUNS, warmupRequests: WARMUP_REQUESTS, build: { distDir: DIST_DIR, reused: reuseBuild }, byDatabase, goals });

/** Every run on the database DATABASE_URL names (PGlite without it): the goals and what they came from. */
async function measureOn(): Promise<{ goals: Goal[]; details: Record<string, unknown> }> {
  const db = await prepareDatabase();
  const serverLog = path.join(db.dataDir, "server.log");
  let server: Proc | undefined;
  try {
    const env = appEnv(db);
    // The CLI opens (and migrates) the database first, so the starts below are restarts of an installed service.
    const [, made] = await cliBatch(env, db.dataDir, [
      ["user:create", "--email", "startup@bench.example", "--password", "bench-Pa55word-startup", "--name", "Stella Startup", "--account", "Bench Startup"],
      ["token:create", "--owner", "startup@bench.example", "--name", "startup bench"],
    ]);
    const token = made!.token!;
    log(`startup: ${RUNS} cold starts of next start (${DIST_DIR}, ${db.label}) and of a bare node:http server, alternating`);

    const port = await freePort(5500);
    const base = `http://localhost:${port}`;
    const next = { listening: [] as number[], first: [] as number[], auth: [] as number[], rssIdle: [] as number[], rssWarm: [] as number[] };
    const bare = { first: [] as number[], rss: [] as number[] };
    for (let r = 0; r < RUNS; r++) {
      for (const side of r % 2 ? (["next", "bare"] as const) : (["bare", "next"] as const)) {
        if (side === "bare") {
          const b = await bareStart(port);
          bare.first.push(b.firstMs);
          if (b.rssMb !== null) bare.rss.push(b.rssMb);
          log(`  run ${r + 1} node:http   first answer ${b.firstMs.toFixed(0)} ms, RSS ${b.rssMb?.toFixed(0)} MB`);
          continue;
        }
        fs.appendFileSync(serverLog, `# next start -p ${port} run ${r + 1} (${new Date().toISOString()})\n`);
        const t0 = performance.now();
        server = start("node_modules/.bin/next", ["start", "-p", String(port)], {
          env: { ...appEnv(db, { NEXT_DIST_DIR: DIST_DIR, PORT: String(port), APP_URL: base }) },
          log: serverLog,
        });
        const listeningMs = (await listening(server, port)) - t0;
        const firstMs = (await poll(server, `${base}/`, {}, (s) => s < 500)) - t0;
        const authMs = (await poll(server, `${base}/public/v2/me`, { authorization: `Bearer ${token}` }, (s) => s === 200)) - t0;
        await sleep(1000); // let start-up work (the jobs worker, timers) settle before reading memory
        const rssIdle = groupRssMb(server.child.pid!);
        await warmUp(base, token!);
        await sleep(2000);
        const rssWarm = groupRssMb(server.child.pid!);
        await stop(server);
        server = undefined;
        next.listening.push(listeningMs);
        next.first.push(firstMs);
        next.auth.push(authMs);
        if (rssIdle !== null) next.rssIdle.push(rssIdle);
        if (rssWarm !== null) next.rssWarm.push(rssWarm);
        log(`  run ${r + 1} next start  listening ${listeningMs.toFixed(0)} ms, first answer ${firstMs.toFixed(0)} ms, authenticated API ${authMs.toFixed(0)} ms, RSS idle ${rssIdle?.toFixed(0)} MB, after ${WARMUP_REQUESTS} requests ${rssWarm?.toFixed(0)} MB`);
      }
    }

    // Where the wait before the first answer goes: bootstrap()'s steps, timed in a process of their own.
    const phasesRun = await run(path.join("node_modules", ".bin", "tsx"), ["--conditions=react-server", "bench/misc/bootstrap-phases.ts"], { env, capture: true });
    const bootstrapPhases = phasesRun.code === 0 ? (JSON.parse(phasesRun.stdout.trim().split("\n").pop()!) as { phases: Record<string, number> }).phases : null;
    if (bootstrapPhases) log(`\nbootstrap() steps, ms (a plain process on the same data dir): ${Object.entries(bootstrapPhases).map(([k, v]) => `${k} ${v}`).join("; ")}`);
    else log(`\nbootstrap-phases.ts failed (exit ${phasesRun.code}): ${phasesRun.stderr.trim().split("\n").slice(-3).join(" ")}`);

    const m = {
      listeningMs: median(next.listening),
      firstMs: median(next.first),
      authMs: median(next.auth),
      rssIdleMb: median(next.rssIdle),
      rssWarmMb: median(next.rssWarm),
      bareFirstMs: median(bare.first),
      bareRssMb: median(bare.rss),
    };
    log(`\nmedians: listening ${m.listeningMs.toFixed(0)} ms, first answer ${m.firstMs.toFixed(0)} ms (bare node:http ${m.bareFirstMs.toFixed(0)} ms), authenticated API ${m.authMs.toFixed(0)} ms; RSS idle ${m.rssIdleMb.toFixed(0)} MB, warm ${m.rssWarmMb.toFixed(0)} MB (bare node ${m.bareRssMb.toFixed(0)} MB)`);
    const limit = (name: string, measured: number, goal: number, unit: string): Goal => ({
      name,
      ratio: Number.isFinite(measured) ? round(measured / goal) : null,
      goal: `<${goal} ${unit}`,
      ok: measured < goal,
      better: "lower",
      measured: Math.round(measured),
      unit,
    });
    return {
      details: { database: db.kind, medians: Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v)])), samples: { next, bare }, bootstrapPhases },
      goals: [
        limit("cold start: first answer", m.firstMs, GOAL_MS, "ms"),
        limit("cold start: first authenticated API answer", m.authMs, GOAL_MS, "ms"),
        limit("idle memory after start (RSS)", m.rssIdleMb, GOAL_MB, "MB"),
        limit("idle memory after warm-up (RSS)", m.rssWarmMb, GOAL_MB, "MB"),
      ],
    };
  } catch (e) {
    if (fs.existsSync(serverLog)) console.error(`\n--- end of ${serverLog} ---\n${fs.readFileSync(serverLog, "utf8").split("\n").slice(-30).join("\n")}`);
    throw e;
  } finally {
    if (server) await stop(server);
    fs.rmSync(db.dataDir, { recursive: true, force: true });
  }
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls every 25 ms until `ok(status)`; returns performance.now() of that answer. */
async function poll(p: Proc, url: string, headers: Record<string, string>, ok: (status: number) => boolean): Promise<number> {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) throw new Error(`the server exited before ${url} answered`);
    try {
      const res = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(60_000) });
      await res.arrayBuffer();
      if (ok(res.status)) return performance.now();
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`${url} did not answer as expected within 120 s`);
}

/** Polls a TCP connect every 25 ms: when the port accepts (next start answers only once instrumentation's register() is done). */
async function listening(p: Proc, port: number): Promise<number> {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) throw new Error("the server exited before listening");
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: "127.0.0.1" });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (ok) return performance.now();
    await sleep(25);
  }
  throw new Error(`port ${port} did not accept connections within 120 s`);
}

/** API calls (me, lists) and pages (sign-in, login), four at a time: the code paths a day's traffic loads. */
async function warmUp(base: string, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const requests: [string, Record<string, string>][] = [
    ["/public/v2/me", auth],
    ["/public/v2/documents?per_page=10", auth],
    ["/public/v2/reusable_templates?per_page=10", auth],
    ["/login", {}],
    ["/signin", {}],
  ];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < WARMUP_REQUESTS) {
        const [p, headers] = requests[next++ % requests.length]!;
        const res = await fetch(base + p, { headers, redirect: "manual" });
        await res.arrayBuffer();
        if (res.status >= 500) throw new Error(`warm-up: ${p} answered ${res.status}`);
      }
    }),
  );
}

/** A bare node:http server spawned like next start and polled the same way: spawn-to-answer and RSS. */
async function bareStart(port: number): Promise<{ firstMs: number; rssMb: number | null }> {
  const code = `require("node:http").createServer((q, s) => s.end("ok")).listen(${port})`;
  const t0 = performance.now();
  const p = start(process.execPath, ["-e", code], { env: process.env, capture: true });
  try {
    const firstMs = (await poll(p, `http://localhost:${port}/`, {}, (s) => s === 200)) - t0;
    return { firstMs, rssMb: groupRssMb(p.child.pid!) };
  } finally {
    await stop(p);
  }
}

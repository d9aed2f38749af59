#!/usr/bin/env node
// The whole test suite in one command (`npm test`): build, fresh database,
// fixtures through the real admin CLI, the real server over HTTP, then the API
// tests (vitest) and the UI tests (Playwright in Chromium).
//
//   npm test                      everything, embedded PGlite in e2e/.artifacts/data
//   TEST_DATABASE_URL=postgres://… npm test
//                                 the same on PostgreSQL; that database is emptied first
//   SKIP_BUILD=1 npm test         reuse the last test build (.next-test)
//   npm test -- --only=api|ui     one runner only; further arguments go to that runner
//   node e2e/run-all.mjs --only=ui -- e2e/ui/accessibility.spec.ts
//                                 (a "--" before them is optional; e.g. a spec file, -g "title")
//   TEST_PORT=3100                first port to try for the server (within 3000-4899: e2e/harness/server-control.mjs)
//   E2E_ARTIFACTS=dir             artifacts (data, logs, reports, run lock) elsewhere than e2e/.artifacts,
//   E2E_PORT_OFFSET=10000         and ports moved (a multiple of 2000): two runs side by side on one build (.ci/run)
//   npm test -- --build-only      only the build (then SKIP_BUILD=1 runs share it)
//   E2E_DIST_DIR=.next-test-b     build into (and run from) another directory than .next-test
//
// DATABASE_URL itself is never used or touched by the tests.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createFixtures } from "./harness/fixtures.mjs";
import { redact, resetPostgres } from "./harness/database.mjs";
import { run } from "./harness/processes.mjs";
import { freePort, printLog, startServer, stop, waitForServer } from "./harness/server-control.mjs";
import { startMailSink } from "./harness/mail-sink.mjs";
import { startTsa } from "./harness/tsa.mjs";
import { playwrightSummary, printSummary, vitestSummary } from "./harness/summary.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);

// E2E_DIST_DIR: a build of its own (e.g. .next-test-b), for engineers testing side by side in one checkout.
const DIST_DIR = process.env.E2E_DIST_DIR || ".next-test";
const ARTIFACTS = process.env.E2E_ARTIFACTS ? path.resolve(process.env.E2E_ARTIFACTS) : path.join(root, "e2e/.artifacts");
const DATA_DIR = path.join(ARTIFACTS, "data");
const FIXTURES = path.join(ARTIFACTS, "fixtures.json");
const SERVER_LOG = path.join(ARTIFACTS, "server.log");
const VITEST_REPORT = path.join(ARTIFACTS, "vitest-report.json");
const CONTRACT_REPORT = path.join(ARTIFACTS, "vitest-contract-report.json");
const RECORDED_ANSWERS = path.join(ARTIFACTS, "api-answers.jsonl");
const PLAYWRIGHT_REPORT = path.join(ARTIFACTS, "playwright-report.json");
const MAIL_LOG = path.join(ARTIFACTS, "mail.jsonl");
const TSA_DIR = path.join(ARTIFACTS, "tsa");

const argv = process.argv.slice(2);
const buildOnly = argv.includes("--build-only");
const onlyArg = argv.find((a) => a.startsWith("--only="));
const only = onlyArg ? onlyArg.slice("--only=".length) : process.env.E2E_ONLY || "";
// (A "--" between the runner's own options and the ones passed through is
// dropped: Playwright would take it as the end of its options and then ignore
// the spec filters after it.)
const passThrough = argv.filter((a) => a !== onlyArg && a !== "--build-only");
if (passThrough[0] === "--") passThrough.shift();
if (only && !["api", "ui"].includes(only)) fail(`--only must be api or ui, not "${only}"`);
if (passThrough.length && !only) fail(`extra arguments (${passThrough.join(" ")}) go to one runner: add --only=api or --only=ui`);
const testDbUrl = process.env.TEST_DATABASE_URL || "";

const t0 = Date.now();
const phase = (msg) => console.log(`\n[e2e ${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);

function fail(msg) {
  console.error(`\n[e2e] ${msg}`);
  process.exit(1);
}

function childEnv(extra = {}) {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...extra };
  delete env.DATABASE_URL;
  if (testDbUrl) env.DATABASE_URL = testDbUrl;
  return env;
}

function pgliteInUse(dir) {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8"));
    if (!pid || pid === process.pid) return 0;
    process.kill(pid, 0);
    return pid;
  } catch {
    return 0;
  }
}

/**
 * One run at a time per checkout (the build folder, data directory and
 * reports are shared): a second `npm test` waits for the first.
 */
async function acquireRunLock() {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const lock = path.join(ARTIFACTS, "run.lock");
  const deadline = Date.now() + 45 * 60_000;
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      process.on("exit", () => {
        try {
          if (fs.readFileSync(lock, "utf8") === String(process.pid)) fs.unlinkSync(lock);
        } catch {}
      });
      return;
    } catch {
      const holder = Number(fs.readFileSync(lock, "utf8") || 0);
      let alive = false;
      try {
        if (holder) {
          process.kill(holder, 0);
          alive = true;
        }
      } catch {}
      if (!alive) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (Date.now() > deadline) fail(`another test run (process ${holder}) still holds ${lock}`);
      if (!told) console.log(`[e2e] waiting for the test run of process ${holder} to finish…`);
      told = true;
      await new Promise((r) => setTimeout(r, 3000));
    }
  }
}

/**
 * The suite sends far faster than any client (hundreds of documents a minute with one token, fuzzing):
 * its servers get limits it never reaches. The limits themselves are tested with small values on a
 * server of their own (e2e/api/rate-limits.test.ts).
 */
const GENEROUS_RATE_LIMITS = {
  RATE_LIMIT_SEND_PER_MINUTE: "1000000",
  RATE_LIMIT_SEND_PER_HOUR: "1000000",
  RATE_LIMIT_WRITE_PER_MINUTE: "1000000",
  RATE_LIMIT_READ_PER_MINUTE: "1000000",
};

async function main() {
  await acquireRunLock();

  // (a) build
  if (process.env.SKIP_BUILD === "1" || process.env.SKIP_BUILD === "true") {
    if (!fs.existsSync(path.join(DIST_DIR, "BUILD_ID"))) fail(`SKIP_BUILD is set but there is no build in ${DIST_DIR}/`);
    phase(`reusing the build in ${DIST_DIR}/ (SKIP_BUILD)`);
  } else {
    phase(`next build (distDir ${DIST_DIR})`);
    const b = await run("node_modules/.bin/next", ["build"], { env: childEnv({ NEXT_DIST_DIR: DIST_DIR }) });
    if (b.code !== 0) fail(`next build failed (exit ${b.code})`);
  }
  if (buildOnly) {
    phase("built (--build-only)");
    process.exit(0);
  }

  // (b) fresh data directory and database
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const holder = pgliteInUse(DATA_DIR);
  if (holder) fail(`${DATA_DIR} is in use by process ${holder} (an earlier test server?); stop it first`);
  for (const p of [DATA_DIR, FIXTURES, SERVER_LOG, VITEST_REPORT, PLAYWRIGHT_REPORT, path.join(ARTIFACTS, "playwright")]) {
    fs.rmSync(p, { recursive: true, force: true });
  }
  fs.mkdirSync(DATA_DIR, { recursive: true });
  if (testDbUrl) {
    phase(`resetting PostgreSQL ${redact(testDbUrl)} (schemas public, drizzle, pgboss)`);
    await resetPostgres(testDbUrl);
  } else {
    phase(`embedded PGlite in ${path.relative(root, DATA_DIR)}`);
  }

  // The mail the server sends (confirmation links…) goes to this sink, one JSON line per message.
  const mailSink = await startMailSink({ file: MAIL_LOG });
  phase(`SMTP sink on ${mailSink.url} (messages: ${path.relative(root, MAIL_LOG)})`);

  // The RFC 3161 time-stamping authority the server seals executed PDFs with (PAdES B-LTA); its CA is in TSA_DIR.
  fs.rmSync(TSA_DIR, { recursive: true, force: true }); // new keys and certificates each run
  const tsa = await startTsa({ dir: TSA_DIR });
  phase(`time-stamping authority on ${tsa.url} (CA: ${path.relative(root, tsa.files.caCert)})`);

  const port = await freePort(Number(process.env.TEST_PORT || 3100));
  const baseUrl = `http://localhost:${port}`;
  const serverEnv = childEnv({
    NEXT_DIST_DIR: DIST_DIR,
    DATA_DIR,
    PORT: String(port),
    APP_URL: baseUrl,
    SEED_DEMO: "false",
    // Callback tests run their receivers on this machine.
    CALLBACKS_ALLOW_PRIVATE_NETWORKS: "true",
    SMTP_URL: mailSink.url,
    TSA_URLS: tsa.url,
    // Known to the tests, which obtain dashboard (first-party) tokens for the /ext endpoints.
    DASHBOARD_CLIENT_SECRET: crypto.randomBytes(24).toString("hex"),
    ...GENEROUS_RATE_LIMITS,
  });

  // (c) fixtures, before the server opens the database
  phase("creating fixtures with the admin CLI");
  let fixtures;
  try {
    fixtures = await createFixtures({ env: serverEnv, dir: path.join(ARTIFACTS, "fixture-files"), baseUrl, log: console.log });
  } catch (e) {
    fail(`fixtures could not be created:\n${e.message}`);
  }
  fixtures.database = testDbUrl ? "postgres" : "pglite";
  fixtures.dashboard = {
    client_id: serverEnv.DASHBOARD_CLIENT_ID || "dashboard",
    client_secret: serverEnv.DASHBOARD_CLIENT_SECRET,
    redirect_uri: `${baseUrl}/api/auth/callback/signing-service`,
  };
  fs.writeFileSync(FIXTURES, JSON.stringify(fixtures, null, 2));

  // (d) server
  phase(`next start on ${baseUrl} (log: ${path.relative(root, SERVER_LOG)})`);
  const server = startServer({ env: serverEnv, port, log: SERVER_LOG });
  try {
    await waitForServer(server, baseUrl);
  } catch (e) {
    await stop(server);
    printLog(SERVER_LOG);
    fail(e.message);
  }

  // (e) the two runners, both always
  // (vitest replaces BASE_URL with Vite's base inside tests: E2E_BASE_URL is what they read)
  // (servers of their own that tests start inherit the generous limits too)
  const testEnv = { ...childEnv(GENEROUS_RATE_LIMITS), BASE_URL: baseUrl, E2E_BASE_URL: baseUrl, FIXTURES, E2E_ARTIFACTS: ARTIFACTS, E2E_MAIL_LOG: MAIL_LOG, E2E_SMTP_URL: mailSink.url, E2E_TSA_URL: tsa.url, E2E_TSA_DIR: TSA_DIR };
  delete testEnv.DATABASE_URL;
  const results = [];
  if (only !== "ui") {
    phase("API tests (vitest)");
    const args = ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_REPORT}`];
    fs.rmSync(RECORDED_ANSWERS, { force: true });
    const r = await run("node_modules/.bin/vitest", [...args, ...(only === "api" ? passThrough : [])], { env: { ...testEnv, E2E_RECORD_ANSWERS: RECORDED_ANSWERS } });
    results.push(vitestSummary(VITEST_REPORT, r.code));
    // Issue 15 point 5: every answer of the documented API those files received follows the OpenAPI documents.
    // Files chosen by hand may receive none (the fleet test talks to its instances directly): nothing to check
    // then. A run of every file always has answers, so there a missing file fails the pass (a broken recorder).
    const recorded = fs.existsSync(RECORDED_ANSWERS) && fs.statSync(RECORDED_ANSWERS).size > 0;
    const chosenFiles = only === "api" && passThrough.length > 0;
    if (!recorded && chosenFiles) {
      results.push({ name: "API contract (recorded answers)", ok: true, line: "nothing to check: the chosen API files received no answer of the documented API", failures: [] });
    } else {
      phase("API contract: the answers the API tests received (OpenAPI)");
      const contractArgs = ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${CONTRACT_REPORT}`];
      const c = await run("node_modules/.bin/vitest", [...contractArgs, "e2e/api/openapi-contract.test.ts", "-t", "recorded answers"], {
        env: { ...testEnv, E2E_CHECK_RECORDED: RECORDED_ANSWERS },
      });
      // (its one test must have run: a skip or a filter that matched nothing would prove nothing)
      results.push(vitestSummary(CONTRACT_REPORT, c.code, { name: "API contract (recorded answers)", minPassed: 1 }));
    }
  }
  if (only !== "api") {
    phase("UI tests (playwright)");
    const r = await run("node_modules/.bin/playwright", ["test", ...(only === "ui" ? passThrough : [])], {
      env: { ...testEnv, PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_REPORT },
    });
    results.push(playwrightSummary(PLAYWRIGHT_REPORT, r.code));
  }

  // (f) stop, summarise
  phase("stopping the server");
  const crashed = server.child.exitCode !== null || server.child.signalCode !== null;
  await stop(server);
  await mailSink.close();
  await tsa.close();
  const ok = results.every((r) => r.ok);
  if (!ok) printLog(SERVER_LOG, 80);
  printSummary(results);
  console.log(`database: ${fixtures.database}; took ${((Date.now() - t0) / 1000).toFixed(0)}s; artifacts in ${path.relative(root, ARTIFACTS)}/`);
  if (crashed) console.log("note: the server had exited before the tests finished (see its log)");
  process.exit(ok && !crashed ? 0 : 1);
}

main().catch((e) => fail(e.stack ?? String(e)));

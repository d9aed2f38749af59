#!/usr/bin/env node
// The smoke run on the other supported Node versions (docs/operations.md, "Supported Node versions"):
// for each pinned version, the Node binary from the npm registry (the node-<platform>-<arch>
// package, the one the `node` package itself installs), then e2e/run-all.mjs run by that
// binary with it first on PATH, so that everything the runner starts (next build, the admin
// CLI through npm and tsx's loader, next start, vitest) runs on it: a build into a dist dir of its own,
// then, on that build, fixtures, the server on a fresh embedded PGlite, and the smoke flow of
// e2e/smoke/node-smoke.test.ts; again on PostgreSQL when NODE_SMOKE_DATABASE_URL is set.
// Prints one PASS/FAIL line per version and database.
//
//   node e2e/smoke/node-versions.mjs              every pinned version (22 and 24)
//   node e2e/smoke/node-versions.mjs 24           only the pinned 24
//   NODE_SMOKE_CACHE=dir                          where the binaries are kept (default ~/.cache/signing-service/node)
//   NODE_SMOKE_DATABASE_URL=postgres://…          also on this PostgreSQL database (emptied first, as by npm test)
//   E2E_DIST_DIR=.next-x  E2E_ARTIFACTS=dir  E2E_PORT_OFFSET=n
//                                                 as for npm test; each version builds into <dist>-node<major>
//
// The full suite runs on the machine's own Node (20 in CI); this proves the others.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { redact } from "../harness/database.mjs";
import { run } from "../harness/processes.mjs";
import { vitestSummary } from "../harness/summary.mjs";

/** Exact versions, pinned: the newest 22 and 24 releases on the registry on 2026-11-26. */
export const NODE_VERSIONS = { 22: "22.23.3", 24: "24.21.0" };

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
process.chdir(root);

const cacheDir = process.env.NODE_SMOKE_CACHE || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "signing-service", "node");
const distBase = process.env.E2E_DIST_DIR || ".next-smoke";
const artifactsBase = process.env.E2E_ARTIFACTS ? path.resolve(process.env.E2E_ARTIFACTS) : path.join(root, "e2e/.artifacts/smoke");
const pgUrl = process.env.NODE_SMOKE_DATABASE_URL || "";
const asked = process.argv.slice(2);
for (const a of asked) if (!NODE_VERSIONS[a]) fail(`no pinned Node version for "${a}" (pinned: ${Object.keys(NODE_VERSIONS).join(", ")})`);
const majors = asked.length ? asked : Object.keys(NODE_VERSIONS);

function fail(msg) {
  console.error(`[node-smoke] ${msg}`);
  process.exit(2);
}

const seconds = (ms) => `${Math.round(ms / 1000)}s`;
const say = (msg) => console.log(`[node-smoke ${seconds(Date.now() - started)}] ${msg}`);

function versionOf(bin) {
  try {
    return execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return "";
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function tail(file, n) {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-n);
  } catch {
    return [];
  }
}

/** The binary of `version`, installed once into the cache (npm's own cache makes a reinstall cheap too). */
async function ensureNode(version) {
  const pkg = `node-${process.platform}-${process.arch}`;
  const dir = path.join(cacheDir, version);
  const bin = path.join(dir, "node_modules", pkg, "bin", "node");
  if (versionOf(bin) === `v${version}`) return { bin, installed: false };
  fs.mkdirSync(dir, { recursive: true });
  const r = await run("npm", ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--prefix", dir, `${pkg}@${version}`], { capture: true });
  if (r.code !== 0) throw new Error(`npm install ${pkg}@${version} failed (exit ${r.code}): ${r.stderr.trim().slice(-800)}`);
  const got = versionOf(bin);
  if (got !== `v${version}`) throw new Error(`${bin} answers "${got}" after installing ${pkg}@${version}`);
  return { bin, installed: true };
}

/** One smoke run of run-all.mjs on the version's build; answers a summary line. */
async function smokeRun({ version, bin, env, database, artifacts, log }) {
  const t0 = Date.now();
  const runEnv = { ...env, SKIP_BUILD: "1", E2E_ARTIFACTS: artifacts };
  if (database === "PostgreSQL") runEnv.TEST_DATABASE_URL = pgUrl;
  fs.appendFileSync(log, `\n# smoke run on ${database} (${new Date().toISOString()})\n`);
  const s = await run(bin, ["e2e/run-all.mjs", "--only=api", "--config", "e2e/smoke/vitest.config.ts"], { env: runEnv, log });
  const ms = Date.now() - t0;
  const reportFile = path.join(artifacts, "vitest-report.json");
  const v = vitestSummary(reportFile, s.code);
  // The version the tests ran on, from their titles in the report (the first test checks that the server
  // reports the same one): the binary asked for is the one that ran.
  const ran = (readJson(reportFile)?.testResults ?? [])
    .flatMap((f) => f.assertionResults ?? [])
    .map((a) => /Node (\d+\.\d+\.\d+) smoke/.exec(a.fullName)?.[1])
    .find(Boolean);
  const failures = v.failures.length ? [...v.failures] : v.ok ? [] : tail(log, 15);
  if (v.ok && ran !== version) failures.push(`the tests ran on Node ${ran ?? "(unknown)"}, not ${version}`);
  return { ok: v.ok && ran === version, what: `Node ${version} on ${database}`, line: `${v.line}; ${seconds(ms)}`, failures, ms };
}

/** Install, build with that version, then the smoke run on each database. */
async function smoke(major, version) {
  const out = [];
  const what = `Node ${version}`;
  let node;
  try {
    node = await ensureNode(version);
  } catch (e) {
    return [{ ok: false, what, line: e.message, failures: [] }];
  }
  const artifacts = path.join(artifactsBase, `node${major}`);
  fs.mkdirSync(artifacts, { recursive: true });
  const log = path.join(artifacts, "run.log");
  fs.writeFileSync(log, `# Node ${version} (${node.bin})\n`);
  const env = { ...process.env, PATH: `${path.dirname(node.bin)}${path.delimiter}${process.env.PATH}`, E2E_DIST_DIR: `${distBase}-node${major}`, E2E_ARTIFACTS: artifacts };
  for (const k of ["SKIP_BUILD", "E2E_ONLY", "TEST_DATABASE_URL", "NODE_SMOKE_DATABASE_URL"]) delete env[k];
  say(`${what}: ${node.installed ? "installed" : "cached"} in ${path.dirname(node.bin)}; next build into ${env.E2E_DIST_DIR}/ (log: ${log})`);

  // A build from nothing: no cache of an earlier build (next build's own, in the dist dir) helps.
  fs.rmSync(path.join(root, env.E2E_DIST_DIR), { recursive: true, force: true });
  const tb = Date.now();
  const b = await run(node.bin, ["e2e/run-all.mjs", "--build-only"], { env, log });
  const buildMs = Date.now() - tb;
  if (b.code !== 0) return [{ ok: false, what: `${what} build`, line: `next build failed (exit ${b.code}) after ${seconds(buildMs)}; see ${log}`, failures: tail(log, 15) }];
  out.push({ ok: true, what: `${what} build`, line: `next build ${seconds(buildMs)}`, failures: [] });

  const databases = pgUrl ? ["PGlite", "PostgreSQL"] : ["PGlite"];
  for (const database of databases) {
    say(`${what}: smoke run on ${database}${database === "PostgreSQL" ? ` (${redact(pgUrl)})` : ""}`);
    const dir = database === "PGlite" ? artifacts : path.join(artifacts, "postgres");
    out.push(await smokeRun({ version, bin: node.bin, env, database, artifacts: dir, log }));
  }
  return out;
}

const started = Date.now();
const results = [];
for (const major of majors) results.push(...(await smoke(major, NODE_VERSIONS[major])));

console.log("\n=== node smoke summary ===");
console.log(`      Node ${process.versions.node} (this machine's) runs the full suite (npm test); the smoke flow on the others:`);
console.log("      build, start, OAuth authorization code, a sending request and a template send, two signatures, signed PDF");
for (const r of results) {
  console.log(`${r.ok ? "PASS" : "FAIL"}  ${r.what}: ${r.line}`);
  for (const f of r.failures.slice(0, 20)) console.log(`        ✗ ${f}`);
}
console.log(`node smoke took ${seconds(Date.now() - started)}; logs in ${artifactsBase}/node<major>/run.log`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

#!/usr/bin/env node
// `npm run fleet`: a multi-instance deployment on this machine, to try one
// (docs/deploy.md, "Try a fleet locally"): a PostgreSQL cluster of its own,
// an S3-compatible server (s3rver), one job worker and two web instances
// behind a round-robin proxy, all on printed ports. Ctrl-C stops everything.
//
//   npm run build && npm run fleet
//   FLEET_DIR=/tmp/my-fleet npm run fleet      keep the data there (default: a new temp directory, removed at the end)
//   FLEET_PORT=4000                            first port to look for free ones from
//   FLEET_WEBS=3                               more web instances
//
// Needs PostgreSQL's server binaries (Debian: apt-get install postgresql; they
// are looked for in /usr/lib/postgresql/<version>/bin and on PATH) and a
// production build (`npm run build`, or NEXT_DIST_DIR naming another).
// When run as root (containers), PostgreSQL runs as the `postgres` user.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import pg from "pg";
import { startFleet } from "../e2e/harness/fleet.mjs";
import { freePortBetween } from "../e2e/harness/server-control.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const distDir = process.env.NEXT_DIST_DIR || ".next";
const keep = Boolean(process.env.FLEET_DIR);
const dir = path.resolve(process.env.FLEET_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "signing-fleet-")));
const fromPort = Number(process.env.FLEET_PORT || 4000);
const webs = Number(process.env.FLEET_WEBS || 2);
const say = (line) => console.log(`[fleet] ${line}`);

function fail(message) {
  console.error(`[fleet] ${message}`);
  process.exit(1);
}

/** initdb and pg_ctl: Debian's versioned directory (newest first), else PATH. */
function postgresBin(name) {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const p = path.join(base, v, "bin", name);
    if (fs.existsSync(p)) return p;
  }
  if (spawnSync("sh", ["-c", `command -v ${name}`]).status === 0) return name;
  fail(`PostgreSQL's ${name} was not found (Debian: apt-get install postgresql)`);
}

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
const asRoot = process.getuid?.() === 0;
function pgCommand(bin, args) {
  return asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
}

/** A cluster in `dir`/postgres listening on 127.0.0.1:port, trust authentication, database "signing". */
async function startPostgres(port) {
  const data = path.join(dir, "postgres");
  const fresh = !fs.existsSync(path.join(data, "PG_VERSION"));
  if (asRoot) fs.chmodSync(dir, 0o755); // the postgres user reaches its directory (mkdtemp makes 0700)
  if (fresh) {
    fs.mkdirSync(data, { recursive: true });
    if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", data]);
    const [cmd, args] = pgCommand(postgresBin("initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
    execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });
  }
  const logFile = path.join(dir, "postgres.log");
  if (asRoot && !fs.existsSync(logFile)) {
    fs.writeFileSync(logFile, "");
    execFileSync("chown", ["postgres:postgres", logFile]);
  }
  const [cmd, args] = pgCommand(postgresBin("pg_ctl"), ["-D", data, "-l", logFile, "-w", "-o", `-p ${port} -k ${data} -c listen_addresses=127.0.0.1`, "start"]);
  execFileSync(cmd, args, { stdio: ["ignore", "ignore", "inherit"] });
  const stopPg = () => {
    const [c, a] = pgCommand(postgresBin("pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
    spawnSync(c, a, { stdio: "ignore" });
  };
  const url = `postgres://postgres@127.0.0.1:${port}/signing`;
  if (fresh) {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await client.connect();
    await client.query("create database signing");
    await client.end();
  }
  return { url, logFile, stop: stopPg };
}

async function startS3(port) {
  const directory = path.join(dir, "s3");
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: "signing-files", configs: [] }] });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: "signing-files",
      S3_REGION: "us-east-1",
      // s3rver's documented default credentials
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    close: () => server.close(),
  };
}

async function main() {
  if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) fail(`no production build in ${distDir}/: run npm run build first`);
  const cleanups = [];
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    say("stopping everything…");
    for (const c of cleanups.reverse()) await c().catch((e) => console.error(`[fleet] ${e.message}`));
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
    say(keep ? `stopped; data kept in ${dir}` : "stopped");
    process.exit(code);
  };
  // Ctrl-C reaches this process only (the instances run in process groups of their own, and pg_ctl
  // detaches PostgreSQL): shutdown() stops them in order, giving the instances their graceful stop.
  const onSignal = () => void shutdown(0);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    const pgPort = await freePortBetween(fromPort + 50);
    const postgres = await startPostgres(pgPort);
    cleanups.push(async () => postgres.stop());
    process.on("exit", postgres.stop); // whatever else happens, the cluster does not outlive the script
    say(`PostgreSQL: ${postgres.url} (log: ${postgres.logFile})`);
    const s3 = await startS3(await freePortBetween(pgPort + 1));
    cleanups.push(() => s3.close());
    say(`S3 (s3rver): ${s3.endpoint}, bucket signing-files (objects in ${path.join(dir, "s3")})`);
    const fleet = await startFleet({
      root,
      dir: path.join(dir, "instances"),
      databaseUrl: postgres.url,
      env: { ...s3.env, LOG_LEVEL: process.env.LOG_LEVEL || "info" },
      distDir,
      fromPort,
      absolutePorts: true,
      webs,
      log: say,
    });
    cleanups.push(() => fleet.stop());
    // The harness's own signal handlers (installed with the first instance) kill every child after
    // 1.5 s: fine for a test run, too short for a graceful stop. From here on shutdown() alone acts.
    for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.removeAllListeners(sig);
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    process.on("SIGHUP", onSignal);
    // The shared settings, for more instances or the CLI started by hand.
    const envFile = path.join(dir, "fleet.env");
    const shared = { DATABASE_URL: postgres.url, APP_URL: fleet.appUrl, APP_SECRET: fleet.env.APP_SECRET, SIGNING_P12_PATH: fleet.certificate.path, SIGNING_P12_PASSPHRASE: fleet.certificate.passphrase, ...s3.env };
    fs.writeFileSync(envFile, Object.entries(shared).map(([k, v]) => `${k}=${v}`).join("\n") + "\n");
    console.log(`
  The fleet is up: ${fleet.webs.length} web instances and a worker on one PostgreSQL database and one bucket.
  Open ${fleet.appUrl} (the round-robin load balancer; APP_URL of every instance).
  The shared settings are in ${envFile}; in another terminal:
    set -a; . ${envFile}; set +a
    npm run cli -- user:create --email you@example.com --password 'choose-a-password' --name You
    DATA_DIR=$(mktemp -d) npm run worker                        # one more worker
  Ctrl-C stops everything${keep ? "" : ` and removes ${dir}`}.
`);
    // Exits only by a signal (shutdown), or when an instance dies: then everything stops.
    await Promise.race([...fleet.webs, ...fleet.workers].map((p) => p.done.then((r) => ({ p, r }))))
      .then(({ p, r }) => {
        if (stopping) return; // stopped by shutdown() itself
        console.error(`[fleet] ${p.name} exited (code ${r.code}, signal ${r.signal}); its log: ${p.log}`);
        return shutdown(1);
      });
  } catch (e) {
    console.error(`[fleet] ${e.message}`);
    await shutdown(1);
  }
}

main();

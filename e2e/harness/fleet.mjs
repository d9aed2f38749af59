// A fleet of the service on one machine: web instances (RUN_WORKER=false) and
// job workers (`npm run worker`) on ONE PostgreSQL database and one S3 bucket,
// behind a round-robin proxy that stands in for the load balancer, so every
// request (API calls, upload addresses, signer links, file downloads) goes to
// the next web instance in turn. Shared by the fleet test
// (e2e/api/fleet.test.ts) and `npm run fleet` (scripts/local-fleet.mjs).
//
// What the instances share is what a real fleet must share (docs/deploy.md):
// APP_SECRET, the signing certificate (SIGNING_P12_PATH), DATABASE_URL, the
// S3 settings and APP_URL (the proxy's address). Each has a DATA_DIR of its
// own, which then holds nothing that matters.
import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { start, stop } from "./processes.mjs";
import { freePort, freePortBetween, portOffset, startServer, waitForServer } from "./server-control.mjs";

/**
 * A self-signed RSA signing certificate as PKCS#12 in `dir` (what an operator
 * gets from a CA and hands every instance through SIGNING_P12_PATH).
 * Legacy 3DES/SHA-1 PKCS#12 encryption: what every PKCS#12 reader takes.
 */
export function makeSigningCertificate(dir, passphrase = crypto.randomBytes(12).toString("hex")) {
  fs.mkdirSync(dir, { recursive: true });
  const key = path.join(dir, "signing-key.pem");
  const cert = path.join(dir, "signing-cert.pem");
  const p12 = path.join(dir, "signing-certificate.p12");
  const quiet = { stdio: ["ignore", "ignore", "pipe"] };
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "30", "-subj", "/CN=Local fleet document signing"], quiet);
  execFileSync(
    "openssl",
    ["pkcs12", "-export", "-inkey", key, "-in", cert, "-out", p12, "-passout", `pass:${passphrase}`, "-keypbe", "PBE-SHA1-3DES", "-certpbe", "PBE-SHA1-3DES", "-macalg", "sha1"],
    quiet,
  );
  fs.rmSync(key);
  return { path: p12, passphrase };
}

/**
 * The load balancer: each request goes to the next target in turn, whole
 * (method, path, headers with the public Host, body), and its answer comes
 * back with `X-Fleet-Instance` naming who answered. `hits` counts per target.
 */
export async function startRoundRobinProxy({ port, targets }) {
  let next = 0;
  const hits = Object.fromEntries(targets.map((t) => [t.name, 0]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const target = targets[next++ % targets.length];
    hits[target.name]++;
    const upstream = http.request(
      { host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        // The connection's headers are the proxy's own, as a load balancer's: forwarding the instance's
        // "keep-alive: timeout=5" told clients to reuse a connection this proxy closes after 1 s, and a
        // request sent on it as it closed was reset (ECONNRESET).
        const { connection: _c, "keep-alive": _k, ...headers } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, { ...headers, "x-fleet-instance": target.name });
        answer.pipe(res);
      },
    );
    upstream.on("error", (err) => {
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { "content-type": "application/json", "x-fleet-instance": target.name });
      res.end(JSON.stringify({ error: `fleet proxy: ${target.name} did not answer (${err.code ?? err.message})` }));
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, resolve);
  });
  return {
    url: `http://localhost:${port}`,
    port,
    hits,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits until a worker's /readyz (METRICS_PORT) answers 200: migrated, queue and storage reachable. */
async function waitForWorker(worker, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  worker.done.then((r) => (exited = r));
  let last = "";
  while (Date.now() < deadline) {
    if (exited) throw new Error(`worker ${worker.name} exited before it was ready (code ${exited.code}, signal ${exited.signal}); log: ${worker.log}`);
    try {
      const res = await fetch(`http://127.0.0.1:${worker.metricsPort}/readyz`, { signal: AbortSignal.timeout(5000) });
      last = `HTTP ${res.status} ${await res.text()}`;
      if (res.status === 200) return;
    } catch (e) {
      last = e.cause?.code ?? e.message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`worker ${worker.name} was not ready within ${timeoutMs / 1000}s (last: ${last}); log: ${worker.log}`);
}

/**
 * Starts a fleet: first one worker (the first process to open the database
 * applies the migrations, docs/deploy.md), then `webs` web instances side by
 * side, then the proxy in front of them. Answers handles to every part;
 * `stop()` ends them all (SIGTERM, then SIGKILL after 30 s).
 *
 *   root         the checkout (cwd of every process)
 *   dir          a directory of the fleet's own: logs, data directories, certificate
 *   databaseUrl  one PostgreSQL database for everyone
 *   env          settings for every instance (S3_*, SMTP_URL, rate limits…)
 *   distDir      the Next.js build to start (.next, or the test runner's)
 *   fromPort     first port to look for free ones from (proxy, webs, worker endpoints): a base in
 *                the test ports' band, moved by E2E_PORT_OFFSET (server-control.mjs), or with
 *                `absolutePorts` (the local fleet script) the port itself
 */
export async function startFleet({ root, dir, databaseUrl, env = {}, distDir = ".next", fromPort = 4000, absolutePorts = false, webs = 2, log = () => {} }) {
  fs.mkdirSync(dir, { recursive: true });
  const certificate = makeSigningCertificate(path.join(dir, "certificate"));
  /** A free port from an actual port number (the band's offset already in it). */
  const findPort = absolutePorts ? (from) => freePortBetween(from) : (from) => freePort(from - portOffset());
  const proxyPort = await findPort(absolutePorts ? fromPort : fromPort + portOffset());
  const appUrl = `http://localhost:${proxyPort}`;
  const shared = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: distDir,
    DATABASE_URL: databaseUrl,
    APP_SECRET: crypto.randomBytes(32).toString("hex"),
    SIGNING_P12_PATH: certificate.path,
    SIGNING_P12_PASSPHRASE: certificate.passphrase,
    APP_URL: appUrl,
    SEED_DEMO: "false",
    ...env,
  };
  // Variables of a test runner or of the calling shell that must not reach the instances.
  for (const k of ["BASE_URL", "E2E_BASE_URL", "FIXTURES", "VITEST", "VITEST_MODE", "VITEST_POOL_ID", "VITEST_WORKER_ID", "NODE_ENV", "TEST", "PORT", "METRICS_PORT", "RUN_WORKER"]) {
    if (!(k in env)) delete shared[k];
  }
  let nextPort = proxyPort + 1;
  const takePort = async () => {
    const p = await findPort(nextPort);
    nextPort = p + 1;
    return p;
  };

  /** `next start` of one web instance (not waited for). */
  const launchWeb = async (name, extra) => {
    const port = await takePort();
    const dataDir = path.join(dir, `${name}-data`);
    fs.mkdirSync(dataDir, { recursive: true });
    const logFile = path.join(dir, `${name}.log`);
    const proc = startServer({ env: { ...shared, DATA_DIR: dataDir, PORT: String(port), ...extra }, port, log: logFile });
    const web = { name, port, baseUrl: `http://localhost:${port}`, log: logFile, dataDir, ...proc, pid: proc.child.pid };
    fleet.webs.push(web);
    return web;
  };

  const fleet = {
    appUrl,
    databaseUrl,
    env: shared,
    certificate,
    proxy: null,
    webs: [],
    workers: [],
    /** Starts one more worker (`npm run worker`'s command) and waits until it is ready. */
    async startWorker(name = `worker-${fleet.workers.length + 1}`, { env: extra = {} } = {}) {
      const metricsPort = await takePort();
      const dataDir = path.join(dir, `${name}-data`);
      fs.mkdirSync(dataDir, { recursive: true });
      const logFile = path.join(dir, `${name}.log`);
      fs.writeFileSync(logFile, `# npm run worker (${new Date().toISOString()})\n`);
      // package.json's "worker": node with tsx's loader, no tsx CLI in front (it SIGKILLs a child
      // that does not acknowledge a signal within 60 ms, which a busy worker cannot).
      const proc = start("node", ["--conditions=react-server", "--import", "tsx", "lib/server/jobs/worker-main.ts"], {
        cwd: root,
        env: { ...shared, DATA_DIR: dataDir, METRICS_PORT: String(metricsPort), ...extra },
        log: logFile,
      });
      const worker = { name, metricsPort, log: logFile, dataDir, ...proc, pid: proc.child.pid };
      fleet.workers.push(worker);
      await waitForWorker(worker);
      log(`${name}: pid ${worker.pid}, /healthz /readyz /metrics on http://localhost:${metricsPort} (log: ${logFile})`);
      return worker;
    },
    /**
     * Starts a web instance (RUN_WORKER=false unless `runWorker`: the all-in-one server) and waits
     * until it answers. Only the instances started with the fleet are behind the proxy.
     */
    async startWeb(name = `web-${fleet.webs.length + 1}`, { runWorker = false, env: extra = {} } = {}) {
      const web = await launchWeb(name, { RUN_WORKER: String(runWorker), ...extra });
      await waitForServer(web, web.baseUrl, { timeoutMs: 180_000 });
      log(`${name}: pid ${web.pid}, ${web.baseUrl} (log: ${web.log})`);
      return web;
    },
    /** SIGTERM to a process group (worker or web); answers how it ended and how long that took. */
    /** SIGTERM, then `whileStopping` (a look at the process while it drains), then its exit. */
    async terminate(worker, whileStopping) {
      const t0 = Date.now();
      const result = await stop(worker, 60_000, whileStopping);
      return { ...result, ms: Date.now() - t0 };
    },
    /** SIGKILL of a worker's process group: no chance to clean up. */
    async kill9(worker) {
      try {
        process.kill(-worker.child.pid, "SIGKILL");
      } catch {
        worker.child.kill("SIGKILL");
      }
      return worker.done;
    },
    /** Stops everything still running (SIGTERM, SIGKILL after 30 s); stopped ones are left alone. */
    async stop() {
      await fleet.proxy?.close();
      const running = [...fleet.webs, ...fleet.workers].filter((p) => p.child.exitCode === null && p.child.signalCode === null);
      await Promise.all(running.map((p) => stop(p, 30_000)));
    },
  };

  try {
    await fleet.startWorker("worker-1");
    // (started side by side; they wait for nothing but their own start-up)
    const started = [];
    for (let i = 1; i <= webs; i++) started.push(await launchWeb(`web-${i}`, { RUN_WORKER: "false" }));
    await Promise.all(started.map((w) => waitForServer(w, w.baseUrl, { timeoutMs: 180_000 })));
    for (const w of started) log(`${w.name}: pid ${w.pid}, ${w.baseUrl} (log: ${w.log})`);
    fleet.proxy = await startRoundRobinProxy({ port: proxyPort, targets: fleet.webs.map((w) => ({ name: w.name, port: w.port })) });
    log(`load balancer (round robin): ${appUrl}`);
  } catch (e) {
    await fleet.stop();
    throw e;
  }
  return fleet;
}

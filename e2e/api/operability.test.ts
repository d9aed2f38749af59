// Operability (issue 15 point 4): /healthz and /readyz, a request id on every
// answer (X-Request-Id) and on the JSON log lines written for it, and the
// Prometheus metrics at /metrics (requests by route, the job queue, jobs,
// callbacks, completion time), behind a token when one is configured.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, http } from "./helpers";
import { aliceToken, clientValues, managerValues, recipient, sendFromTemplate, submitAs, waitForDocument } from "./support/signing-calls";
import { prepareOwnServer, type OwnServer, type OwnServerSetup } from "./support/own-server";

const ARTIFACTS = process.env.E2E_ARTIFACTS || path.join(process.cwd(), "e2e/.artifacts");
// The shared server's stdout (e2e/run-all.mjs).
const SERVER_LOG = path.join(ARTIFACTS, "server.log");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type LogLine = Record<string, unknown> & { msg?: string; requestId?: string };

/** The JSON lines of a log (other lines — Next.js' own banner, the demo sign-in text — are skipped). */
function jsonLines(file: string): LogLine[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogLine);
}

/** Waits until the log has a line matching `pick` (the access line is written when the answer ends). */
async function logLine(file: string, pick: (l: LogLine) => boolean): Promise<LogLine> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = jsonLines(file).find(pick);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such log line in ${file}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One sample of the exposition text: `name{labels} value`, labels given in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return 0;
}

describe("health and readiness", () => {
  it("/healthz answers 200 while the process runs; /readyz checks the database, the file store and the queue", async () => {
    const live = await http("/healthz");
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: "ok" });
    expect(live.headers.get("cache-control")).toBe("no-store");

    const ready = await http("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe("ready");
    for (const check of ["database", "storage", "queue"]) expect(ready.body.checks[check], check).toMatchObject({ ok: true });
  });
});

describe("request ids", () => {
  it("every kind of answer carries an X-Request-Id of its own", async () => {
    const token = await aliceToken();
    const answers = await Promise.all([
      api("/public/v2/me", { token }), // API, 200
      api("/public/v2/me"), // API, 401
      http("/signin"), // page
      http("/no-such-page-anywhere"), // not-found page
      http("/public/v2/documents/%FF"), // refused before Next.js routes it (400)
      http("/files/nothing-here"), // files route
      http("/healthz"),
    ]);
    const ids = answers.map((a) => a.headers.get("x-request-id"));
    for (const [i, id] of ids.entries()) expect(id, `answer ${i} (${answers[i]!.status})`).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    expect(answers.map((a) => a.status)).toEqual([200, 401, 200, 404, 400, answers[5]!.status, 200]);
    expect(answers[5]!.status).toBeGreaterThanOrEqual(400);
  });

  it("a plain id sent by the caller (a proxy's) is kept; anything else is replaced", async () => {
    const given = `lb-${Date.now()}-abc.DEF:123`;
    expect((await http("/healthz", { headers: { "X-Request-Id": given } })).headers.get("x-request-id")).toBe(given);
    for (const bad of ["short", "has space in it", "x".repeat(129), 'quote"s-and-more']) {
      const id = (await http("/healthz", { headers: { "X-Request-Id": bad } })).headers.get("x-request-id");
      expect(id, bad).toMatch(UUID);
    }
  });

  it("the request's JSON log line carries its id, method, path without the query, status and time; no secret reaches the log", async () => {
    const token = await aliceToken();
    const id = `logcheck-${Date.now()}`;
    // The token in the query: the service reads it from there (spec 5.3); the log must not.
    const res = await http(`/public/v2/me?access_token=${encodeURIComponent(token)}`, { headers: { "X-Request-Id": id } });
    expect(res.status).toBe(200);
    const line = await logLine(SERVER_LOG, (l) => l.requestId === id && l.msg === "request");
    expect(line).toMatchObject({ requestId: id, method: "GET", path: "/public/v2/me", status: 200, component: "http", level: 30 });
    expect(typeof line.ms).toBe("number");
    expect(typeof line.time).toBe("string");
    expect(fs.readFileSync(SERVER_LOG, "utf8")).not.toContain(token);
    // Every access line has an id.
    const access = jsonLines(SERVER_LOG).filter((l) => l.msg === "request");
    expect(access.length).toBeGreaterThan(5);
    expect(access.filter((l) => !l.requestId)).toEqual([]);
  });
});

describe("metrics (open: no METRICS_TOKEN on the shared server)", () => {
  it("count requests by route with ids folded, and time them", async () => {
    const before = (await http("/metrics")).text;
    const token = await aliceToken();
    const doc = await sendFromTemplate(token, { name: "Metrics by route" });
    for (let i = 0; i < 3; i++) expect((await api(`/public/v2/documents/${doc.id}`, { token })).status).toBe(200);
    const res = await http("/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const labels = { method: "GET", route: "/public/v2/documents/:id", status: "200" };
    expect(sample(res.text, "http_requests_total", labels) - sample(before, "http_requests_total", labels)).toBe(3);
    expect(sample(res.text, "http_request_duration_seconds_count", { method: "GET", route: "/public/v2/documents/:id" })).toBeGreaterThanOrEqual(3);
    // No document id became a label value.
    expect(res.text).not.toContain(doc.id);
  });

  it("report the queue, job runs, callback deliveries and completion time", { timeout: 120_000 }, async () => {
    const token = await aliceToken();
    const before = (await http("/metrics")).text;
    const doc = await sendFromTemplate(token, { name: "Metrics of a completion" });
    expect((await submitAs(recipient(doc, "Client"), clientValues(doc))).status).toBe(200);
    expect((await submitAs(recipient(doc, "Manager"), managerValues(doc))).status).toBe(200);
    await waitForDocument(token, doc.id, (d) => Boolean(d.signed_pdf_url), "the signed PDF");
    // The job ends a little after the signed PDF is out (the notices that follow it).
    const completed = { queue: "complete-document", outcome: "completed" };
    let after = "";
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
      after = (await http("/metrics")).text;
      if (sample(after, "jobs_processed_total", completed) > sample(before, "jobs_processed_total", completed)) break;
    }
    const jobLines = after.split("\n").filter((l) => /^(jobs_|job_|document_)/.test(l)).join("\n");
    expect(sample(after, "jobs_processed_total", completed) - sample(before, "jobs_processed_total", completed), jobLines).toBeGreaterThanOrEqual(1);
    expect(sample(after, "document_completion_seconds_count") - sample(before, "document_completion_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(sample(after, "job_duration_seconds_count", { queue: "send-email" })).toBeGreaterThanOrEqual(1);
    // The queue as every instance sees it: a gauge per queue and state, and the oldest waiting job's age.
    for (const queue of ["complete-document", "deliver-callback", "send-email", "process-sending-request"]) {
      expect(after, queue).toMatch(new RegExp(`^jobs_queue_depth\\{[^}]*queue="${queue}"[^}]*\\} \\d+$`, "m"));
      expect(after, queue).toMatch(new RegExp(`^jobs_queue_oldest_age_seconds\\{queue="${queue}"\\} [\\d.e+-]+$`, "m"));
    }
    for (const name of ["jobs_retries_total", "callback_deliveries_total", "process_resident_memory_bytes"]) {
      expect(after, name).toContain(`# TYPE ${name} `);
    }
  });
});

describe("a server with METRICS_TOKEN, and one whose file store is unreachable", () => {
  let setup: OwnServerSetup;
  let server: OwnServer | undefined;
  const METRICS_TOKEN = "metrics-token-for-the-e2e-test";

  beforeAll(async () => {
    setup = await prepareOwnServer({ name: "operability", fromPort: 3900 });
    server = setup.server;
    if (!server) return;
    server.env.METRICS_TOKEN = METRICS_TOKEN;
    await server.start();
  }, 240_000);

  afterAll(async () => {
    await setup?.teardown();
  });

  it("/metrics wants the token", async (ctx) => {
    if (!server) return ctx.skip();
    const at = (headers: Record<string, string> = {}) => fetch(`${server!.baseUrl}/metrics`, { headers });
    const none = await at();
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await none.json()).toEqual({ error: "The metrics need the token set in METRICS_TOKEN (Authorization: Bearer <token>)." });
    expect((await at({ Authorization: "Bearer not-the-token-at-all" })).status).toBe(401);
    expect((await at({ Authorization: `Basic ${Buffer.from(`${METRICS_TOKEN}:`).toString("base64")}` })).status).toBe(401);
    const ok = await at({ Authorization: `Bearer ${METRICS_TOKEN}` });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("# TYPE http_requests_total counter");
  });

  it("a bad setting stops the start with a message naming it (the process exits, it does not serve errors)", { timeout: 120_000 }, async (ctx) => {
    if (!server) return ctx.skip();
    await server.stop();
    const saved = server.env.METRICS_TOKEN;
    server.env.METRICS_TOKEN = "too-short";
    try {
      await expect(server.start()).rejects.toThrow();
      // (start() gives up when the process exits; a server that kept running would have answered instead.)
      for (const deadline = Date.now() + 30_000; !server.exited() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 200));
      expect(server.exited()).toMatch(/^code [1-9]/);
      expect(fs.readFileSync(server.log, "utf8")).toMatch(/METRICS_TOKEN: must be at least 16 characters/);
    } finally {
      server.current = null;
      server.env.METRICS_TOKEN = saved;
      await server.start();
    }
  });

  it("/readyz answers 503 naming the store when files cannot be read, and /healthz still 200", async (ctx) => {
    if (!server) return ctx.skip();
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    // A files folder that is a symbolic link to itself: every read fails (ELOOP), as with a lost mount.
    const files = path.join(server.dataDir, "files");
    fs.rmSync(files, { recursive: true, force: true });
    fs.symlinkSync(files, files);
    try {
      const res = await fetch(`${server.baseUrl}/readyz`, { headers: { "X-Request-Id": "readyz-storage-down" } });
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body.status).toBe("unavailable");
      expect(body.checks.database.ok).toBe(true);
      expect(body.checks.queue.ok).toBe(true);
      expect(body.checks.storage).toMatchObject({ ok: false, error: "storage unreachable" });
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      // The warning written while answering carries that request's id (a line inside the request, not the access line).
      const warning = await logLine(server.log, (l) => l.requestId === "readyz-storage-down" && l.msg === "readiness check failed");
      expect(warning).toMatchObject({ component: "readyz", check: "storage", level: 40 });
    } finally {
      fs.rmSync(files, { force: true });
    }
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
  });
});

// `npm run worker` needs PostgreSQL (the embedded database belongs to the server process).
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("a worker process with METRICS_PORT", () => {
  let setup: OwnServerSetup;
  let worker: ChildProcess | undefined;
  let port = 0;
  const logFile = path.join(ARTIFACTS, "operability-worker.log");

  beforeAll(async () => {
    setup = await prepareOwnServer({ name: "operability-worker", fromPort: 3920 });
    if (!setup.server) return;
    // The server migrates the database and creates the queue; the worker then joins it.
    await setup.server.start();
    await setup.server.stop();
    const control = (await import(/* @vite-ignore */ new URL("../harness/server-control.mjs", import.meta.url).href)) as { freePort(from: number): Promise<number> };
    port = await control.freePort(3930);
    const out = fs.openSync(logFile, "w");
    worker = spawn("npm", ["run", "worker"], { env: { ...setup.server.env, METRICS_PORT: String(port), METRICS_TOKEN: "worker-metrics-token-e2e" }, stdio: ["ignore", out, out], detached: true });
    for (const deadline = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 500))) {
      if (worker.exitCode !== null) throw new Error(`the worker exited (${worker.exitCode}):\n${fs.readFileSync(logFile, "utf8")}`);
      if (await fetch(`http://localhost:${port}/healthz`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`the worker's endpoints did not answer:\n${fs.readFileSync(logFile, "utf8")}`);
    }
  }, 240_000);

  afterAll(async () => {
    if (worker?.pid && worker.exitCode === null) {
      const ended = new Promise((r) => worker!.once("exit", r));
      process.kill(-worker.pid, "SIGTERM");
      await Promise.race([ended, new Promise((r) => setTimeout(r, 15_000))]);
      if (worker.exitCode === null) process.kill(-worker.pid, "SIGKILL");
    }
    await setup?.teardown();
  });

  it("answers /healthz, /readyz and /metrics (with the token) on its port", async (ctx) => {
    if (!setup.server) return ctx.skip();
    const base = `http://localhost:${port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks.queue.ok).toBe(true);
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const m = await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer worker-metrics-token-e2e" } });
    expect(m.status).toBe(200);
    const text = await m.text();
    expect(text).toMatch(/^jobs_queue_depth\{[^}]*queue="complete-document"/m);
    expect(text).toContain("# TYPE jobs_processed_total counter");
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
    // Its log lines are JSON too.
    expect(fs.readFileSync(logFile, "utf8")).toMatch(/^\{.*"component":"worker-http".*"msg":"health and metrics endpoints listening"/m);
  });
});

// Graceful shutdown (issue 15 point 2; docs/deploy.md "Roles and shutdown"):
// SIGTERM to a busy `npm run worker` and to a busy all-in-one web server.
// Each must exit within 30 s, taking no new jobs, its running jobs either
// finished or handed back to the queue (never left `active`, which only a
// heartbeat timeout would free), and another worker then finishes every one:
// each sending request completes with exactly one document. The same for a
// worker delivering callbacks (their queue is worked by a consumer of our
// own, lib/server/jobs/consume-queue.ts, not by pg-boss's workers): its
// callbacks in flight go back to the queue and are delivered by the next one.
// And a worker signalled alone (not its process group, as an orchestrator
// does) while pdftoppm draws: the processes it started and their temporary
// directory end with it.
//
// PostgreSQL runs only (a worker of its own needs a database another process
// can open): one web instance and workers on a database of this file's own
// and an s3rver bucket (e2e/api/support/fleet.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareFleet, type Fleet, type FleetSetup } from "./support/fleet";
import { REDIRECT_URI_FOR_OWN_SERVER } from "./support/own-database";
import { importTemplateAt, tokenAt } from "./support/own-server";
import { startCallbackReceiver, type CallbackReceiver } from "./support/callback-receiver";
import { makePdf, sendingRequestBody } from "./support/sending";

const USER = { email: "grace@shutdown.example", password: "grace-Pa55word-e2e", name: "Grace Shutdown" };
const PAGES = 30;
const FINAL = ["completed", "errored"];

let setup: FleetSetup;
let fleet: Fleet | undefined;
let token = "";
let pdf: Uint8Array;
let receiver: CallbackReceiver;

async function call(p: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(new URL(p, fleet!.appUrl), {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json", ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, text };
}

/** Creates, uploads and marks uploaded `n` sending requests of a 30-page PDF; answers their ids. */
async function submit(n: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const created = await call("/public/v2/sending_requests", { body: sendingRequestBody({ document: { name: `${prefix} ${i}` }, file: { name: `${prefix}-${i}.pdf` } }) });
    expect(created.status, created.text).toBe(200);
    const sr = created.body.sending_request;
    const put = await fetch(sr.upload_url, { method: "PUT", headers: { "Content-Type": "application/pdf" }, body: pdf as Uint8Array<ArrayBuffer> });
    expect(put.status).toBe(200);
    ids.push(sr.id);
  }
  for (const id of ids) {
    const up = await call(`/public/v2/sending_requests/${id}/uploaded`, { method: "POST", body: {} });
    expect(up.status, up.text).toBe(200);
  }
  return ids;
}

/** pg-boss's jobs of a queue by state (the processing jobs unless named). */
async function jobStates(queue = "process-sending-request"): Promise<Record<string, number>> {
  const [rows] = await setup.sql([{ text: "select state, count(*)::int as n from pgboss.job where name = $1 group by state", params: [queue] }]);
  return Object.fromEntries(rows!.map((r) => [r.state, r.n]));
}

/** The process running the worker's code, as its log names it (a launcher in front would have another pid). */
function workerPid(logFile: string): number {
  for (const line of fs.readFileSync(logFile, "utf8").split("\n")) {
    let entry: { component?: string; pid?: unknown } = {};
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // (not a log entry: a warning, a half-written line)
    }
    if (entry.component === "worker" && typeof entry.pid === "number") return entry.pid;
  }
  throw new Error(`no pid in ${logFile}`);
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

/** Every request completes, each with a document of its own named after it. */
async function expectAllCompleted(ids: string[], prefix: string) {
  let bodies: any[] = [];
  await waitUntil(
    "completion of every request",
    async () => {
      bodies = (await Promise.all(ids.map((id) => call(`/public/v2/sending_requests/${id}`)))).map((r) => r.body);
      return bodies.every((b) => FINAL.includes(b.status));
    },
    300_000,
  );
  expect(bodies.map((b) => `${b.id}: ${b.status} ${b.status_message ?? ""}`)).toEqual(ids.map((id) => `${id}: completed `));
  const docIds = bodies.map((b) => b.document_template_id);
  expect(new Set(docIds).size).toBe(ids.length);
  const [docs] = await setup.sql([{ text: "select name, count(*)::int as n from documents where name like $1 group by name", params: [`${prefix} %`] }]);
  expect(docs!.map((d) => `${d.name}: ${d.n}`).sort()).toEqual(ids.map((_, i) => `${prefix} ${i + 1}: 1`).sort());
}

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  setup = await prepareFleet({ name: "graceful-shutdown", fromPort: 4300 });
  if (setup.skipReason) return;
  await setup.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "Grace Ltd", "--account", "Grace");
  const app = await setup.cli("app:create", "--owner", USER.email, "--name", "Grace Integration", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER);
  fleet = await setup.start({ webs: 1 });
  token = await tokenAt(fleet.appUrl, USER, app);
  pdf = await makePdf({
    pages: PAGES,
    title: "Shutdown contract",
    lines: [
      { page: 1, text: "[[signature|Client]]" },
      { page: PAGES, text: "[[signature|Manager]]" },
    ],
  });
}, 300_000);

afterAll(async () => {
  await setup?.teardown();
  await receiver?.close();
}, 120_000);

describe("SIGTERM: stop taking work, finish or hand back what runs, exit within 30 s", () => {
  it("npm run worker, busy: exits 0 within 30 s, no job left active; another worker completes every request", { timeout: 600_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const worker = fleet!.workers[0]!;
    // A short grace (2 s): the 30-page jobs outlast it, so they are handed back rather than finished.
    await fleet!.terminate(worker);
    const busy = await fleet!.startWorker("worker-busy", { env: { SHUTDOWN_GRACE_SECONDS: "2" } });
    const ids = await submit(4, "Worker shutdown");
    await waitUntil("a processing job running on the worker", async () => ((await jobStates()).active ?? 0) > 0);

    // The signal comes while the worker's main thread is busy (stopped for 0.5 s here, as a long
    // synchronous step or a loaded machine does): it is still handled when the thread is back, not
    // cut short by a launcher that wants an answer sooner (tsx's CLI SIGKILLs a child that has not
    // acknowledged a signal within 60 ms: `npm run worker` runs node with tsx's loader instead).
    const pid = workerPid(busy.log);
    process.kill(pid, "SIGSTOP");
    const resume = () => {
      try {
        process.kill(pid, "SIGCONT");
      } catch {} // (killed meanwhile: the expectations below say so)
    };
    // While it drains, its /readyz says so (a load balancer or orchestrator sends no more work there).
    let draining: { status: number; body: any } | undefined;
    const ended = await fleet!.terminate(busy, async () => {
      await new Promise((r) => setTimeout(r, 500));
      resume();
      // (the first answers may come before the signal is handled)
      for (let i = 0; i < 40 && draining?.status !== 503; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const res = await fetch(`http://127.0.0.1:${busy.metricsPort}/readyz`).catch(() => null);
        if (res) draining = { status: res.status, body: await res.json() };
      }
    }).finally(resume);
    expect(draining, "/readyz of the stopping worker").toMatchObject({ status: 503, body: { status: "stopping" } });
    expect(ended.ms, `the worker took ${ended.ms} ms to exit`).toBeLessThan(30_000);
    expect(ended.code, `exit: ${JSON.stringify(ended)}`).toBe(0);
    const after = await jobStates();
    expect(after.active ?? 0, `jobs by state after the exit: ${JSON.stringify(after)}`).toBe(0);
    // what it had not finished is back in the queue, waiting for a worker
    expect((after.retry ?? 0) + (after.created ?? 0), `jobs by state after the exit: ${JSON.stringify(after)}`).toBeGreaterThan(0);

    await fleet!.startWorker("worker-after-shutdown");
    await expectAllCompleted(ids, "Worker shutdown");
  });

  it("the all-in-one web server (npm start), busy: exits within 30 s, no job left active; a worker completes every request", { timeout: 600_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    for (const w of fleet!.workers) if (w.child.exitCode === null && w.child.signalCode === null) await fleet!.terminate(w);
    // Not behind the proxy: requests go to web-1 (RUN_WORKER=false), the jobs to this server's own worker.
    const allInOne = await fleet!.startWeb("all-in-one", { runWorker: true });
    // (stopped whatever happens: left running, its worker would take the next tests' jobs)
    ctx.onTestFinished(async () => {
      if (allInOne.child.exitCode === null && allInOne.child.signalCode === null) await fleet!.terminate(allInOne);
    });
    const ids = await submit(4, "Web shutdown");
    await waitUntil("a processing job running in the web server", async () => ((await jobStates()).active ?? 0) > 0);

    const ended = await fleet!.terminate(allInOne);
    expect(ended.ms, `the server took ${ended.ms} ms to exit`).toBeLessThan(30_000);
    // Next.js ends with 128 + SIGTERM once our queue and database have stopped
    expect([0, 143], `exit: ${JSON.stringify(ended)}`).toContain(ended.code);
    const after = await jobStates();
    expect(after.active ?? 0, `jobs by state after the exit: ${JSON.stringify(after)}`).toBe(0);

    await fleet!.startWorker("worker-after-web-shutdown");
    await expectAllCompleted(ids, "Web shutdown");
  });

  it("npm run worker, delivering callbacks: exits within 30 s, no callback job left active; the next worker delivers every one", { timeout: 600_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    for (const w of fleet!.workers) if (w.child.exitCode === null && w.child.signalCode === null) await fleet!.terminate(w);
    const templateId = await importTemplateAt(setup, USER.email, {
      name: "Shutdown callbacks",
      signer_sequencing: false,
      roles: [{ name: "Signer", sequence: 0 }],
      fields: [{ type: "signature", role: "Signer", name: "signature", page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.05, required: true }],
    });
    // Receivers slower than the grace period (2 s), within an attempt's 10 s: the callbacks are in flight at the signal.
    receiver.reset();
    receiver.setDefault({ status: 200, body: "ok", delayMs: 6_000 });
    const busy = await fleet!.startWorker("worker-callbacks", { env: { SHUTDOWN_GRACE_SECONDS: "2" } });
    const documentIds: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const sent = await call(`/public/v2/reusable_templates/${templateId}/send_document`, {
        body: { name: `Callback shutdown ${i}`, expires_in: 30, callback_url: receiver.url(`/shutdown-${i}`), roles: [{ name: "Signer", signer_name: "Sam Signer", signer_email: "sam@shutdown.example" }] },
      });
      expect(sent.status, sent.text).toBe(200);
      documentIds.push(sent.body.document.id);
    }
    await waitUntil("callbacks in flight on the worker", async () => receiver.requests.length >= 6 && ((await jobStates("deliver-callback")).active ?? 0) > 0);

    const ended = await fleet!.terminate(busy);
    expect(ended.ms, `the worker took ${ended.ms} ms to exit`).toBeLessThan(30_000);
    expect(ended.code, `exit: ${JSON.stringify(ended)}`).toBe(0);
    const after = await jobStates("deliver-callback");
    expect(after.active ?? 0, `callback jobs by state after the exit: ${JSON.stringify(after)}`).toBe(0);

    // The next worker sends them again (pg-boss's retry of a job handed back), answered at once this time.
    receiver.setDefault({ status: 200, body: "ok" });
    await fleet!.startWorker("worker-after-callbacks");
    const delivered = async () => {
      const [rows] = await setup.sql([{ text: "select document_id, status from callback_deliveries where document_id = any($1)", params: [documentIds] }]);
      return rows!;
    };
    await waitUntil("every callback delivered", async () => (await delivered()).filter((r) => r.status === "delivered").length === documentIds.length, 180_000);
    expect((await delivered()).map((r) => r.document_id).sort()).toEqual([...documentIds].sort());
  });
  it("npm run worker stopped while pdftoppm draws: its processes and temporary directory go with it, the job goes back", { timeout: 600_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    for (const w of fleet!.workers) if (w.child.exitCode === null && w.child.signalCode === null) await fleet!.terminate(w);
    // Poppler's renderers that never finish (they only sleep: pdftocairo for the page images, pdftoppm for the
    // thumbnails), so the job is still drawing when the signal comes.
    const fake = fs.mkdtempSync(path.join(os.tmpdir(), "hung-pdftoppm-"));
    for (const tool of ["pdftocairo", "pdftoppm"]) {
      const real = spawnSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
      expect(real, `${tool} (poppler-utils) is installed where the tests run`).not.toBe("");
      fs.writeFileSync(path.join(fake, tool), `#!/bin/sh\ncase " $* " in *" -v "*) exec ${JSON.stringify(real)} "$@";; esac\nexec sleep 67.5\n`, { mode: 0o755 });
    }
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "shutdown-tmp-"));
    let group = 0; // the worker's process group: its processes keep it after it exits (another run's sleep is not ours)
    const sleeping = () =>
      spawnSync("ps", ["-eo", "pid=,pgid=,args="], { encoding: "utf8" })
        .stdout.split("\n")
        .map((l) => /^\s*(\d+)\s+(\d+)\s+sleep 67\.5/.exec(l))
        .filter((m): m is RegExpExecArray => m !== null && Number(m[2]) === group)
        .map((m) => Number(m[1]));
    const jobDirs = () => fs.readdirSync(tmp).filter((f) => f.startsWith("pdftoppm-"));
    let busy: Awaited<ReturnType<Fleet["startWorker"]>> | undefined;
    try {
      busy = await fleet!.startWorker("worker-pdftoppm", {
        env: { SHUTDOWN_GRACE_SECONDS: "2", PROCESSING_RENDERER: "pdftoppm", PATH: `${fake}:${process.env.PATH}`, TMPDIR: tmp },
      });
      group = busy.pid; // (started detached: it leads its group)
      const ids = await submit(1, "Pdftoppm shutdown");
      // (both processes of each run: the page images' and the thumbnails')
      await waitUntil("poppler drawing for the worker", async () => sleeping().length >= 2 && jobDirs().length > 0);

      // To the process alone, as an orchestrator signals a container's first process (not its group): the
      // processes it started are its own to end.
      process.kill(busy.pid, "SIGTERM");
      const ended = await busy.done;
      expect(ended.code, `exit: ${JSON.stringify(ended)}`).toBe(0);
      await expect.poll(sleeping, { timeout: 3000, message: "poppler processes left running after the worker's exit" }).toEqual([]);
      expect(jobDirs(), "temporary directories left after the worker's exit").toEqual([]);
      const after = await jobStates();
      expect(after.active ?? 0, `jobs by state after the exit: ${JSON.stringify(after)}`).toBe(0);

      await fleet!.startWorker("worker-after-pdftoppm");
      await expectAllCompleted(ids, "Pdftoppm shutdown");
    } finally {
      if (busy && busy.child.exitCode === null && busy.child.signalCode === null) await fleet!.kill9(busy);
      for (const pid of sleeping()) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {}
      }
      fs.rmSync(fake, { recursive: true, force: true });
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

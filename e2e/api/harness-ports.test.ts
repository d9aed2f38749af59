// The test harness never mistakes another process's server for the one it
// started. CI runs the PGlite and PostgreSQL suites side by side on one
// machine; their port ranges overlapped (offset 1000 for bases spanning
// 3100-4580), so one run's server took a port the other run had just found
// free, and the other run's `waitForServer` took that server's answers for its
// own: a test then failed with "unknown client" against a database it never
// wrote. Both halves of the fix are checked here: a server whose port is taken
// is an error at once (its log says EADDRINUSE), not "ready", and ports stay in
// one band that E2E_PORT_OFFSET moves as a whole.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DIST_DIR } from "./support/own-server";

type Child = { child: import("node:child_process").ChildProcess; done: Promise<unknown>; log?: string };
type ServerControl = {
  freePort(from: number): Promise<number>;
  startServer(o: { env: NodeJS.ProcessEnv; port: number; log: string }): Child;
  waitForServer(server: Child, baseUrl: string, o?: { timeoutMs?: number }): Promise<void>;
  stop(server: Child): Promise<unknown>;
};
const control = () => import(/* @vite-ignore */ new URL("../harness/server-control.mjs", import.meta.url).href) as Promise<ServerControl>;

const artifacts = process.env.E2E_ARTIFACTS || path.join(process.cwd(), "e2e/.artifacts");
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe("the harness's servers", () => {
  it("a server started on a port another server holds is refused, not taken for ready", { timeout: 60_000 }, async () => {
    const c = await control();
    const port = await c.freePort(4900 - 120);
    // The intruder answers what waitForServer asks (the login page, then GET /me) as our server would.
    const intruder = http.createServer((req, res) => {
      res.writeHead(req.url?.startsWith("/public/") ? 401 : 200, { "Content-Type": "text/plain" });
      res.end("not the server you started");
    });
    await new Promise<void>((resolve) => intruder.listen({ port }, resolve));
    cleanups.push(() => new Promise((r) => intruder.close(r)));

    const log = path.join(artifacts, "harness-ports-server.log");
    const env: NodeJS.ProcessEnv = { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1", PORT: String(port), DATA_DIR: path.join(artifacts, "harness-ports-data"), SEED_DEMO: "false" };
    for (const k of ["VITEST", "VITEST_MODE", "VITEST_POOL_ID", "VITEST_WORKER_ID", "NODE_ENV", "TEST", "DATABASE_URL"]) delete env[k];
    const server = c.startServer({ env, port, log });
    cleanups.push(() => c.stop(server));
    await expect(c.waitForServer(server, `http://localhost:${port}`, { timeoutMs: 45_000 })).rejects.toThrow(/already in use/);
    expect(fs.readFileSync(log, "utf8")).toMatch(/EADDRINUSE/);
  });

  it("a server whose log is coloured (FORCE_COLOR, as under Playwright) is found ready", { timeout: 200_000 }, async () => {
    const c = await control();
    const port = await c.freePort(4900 - 120);
    const log = path.join(artifacts, "harness-ports-colour-server.log");
    const dataDir = path.join(artifacts, "harness-ports-colour-data");
    fs.rmSync(dataDir, { recursive: true, force: true });
    const env: NodeJS.ProcessEnv = { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1", PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: "false", FORCE_COLOR: "1" };
    for (const k of ["VITEST", "VITEST_MODE", "VITEST_POOL_ID", "VITEST_WORKER_ID", "NODE_ENV", "TEST", "DATABASE_URL", "NO_COLOR"]) delete env[k];
    const server = c.startServer({ env, port, log });
    cleanups.push(() => c.stop(server));
    await c.waitForServer(server, `http://localhost:${port}`, { timeoutMs: 180_000 });
    // The premise: the "Ready" line carries colour codes, which the harness must see through.
    expect(fs.readFileSync(log, "utf8")).toMatch(/\x1b\[[0-9;]*m/);
  });

  it("an EADDRINUSE logged after the server's own Ready line (another port of the app) does not undo it", { timeout: 30_000 }, async () => {
    const c = await control();
    const port = await c.freePort(4900 - 120);
    const answering = http.createServer((req, res) => {
      res.writeHead(req.url?.startsWith("/public/") ? 401 : 200);
      res.end("ours");
    });
    await new Promise<void>((resolve) => answering.listen({ port }, resolve));
    cleanups.push(() => new Promise((r) => answering.close(r)));
    const log = path.join(artifacts, "harness-ports-later-error.log");
    fs.writeFileSync(log, `✓ Ready in 120ms\n{"msg":"metrics endpoint not started","err":"listen EADDRINUSE: address already in use :::9464"}\n`);
    // The process part of a started server; it never exits here.
    const server = { child: null as never, done: new Promise<unknown>(() => {}), log };
    await expect(c.waitForServer(server, `http://localhost:${port}`, { timeoutMs: 10_000 })).resolves.toBeUndefined();
  });

  it("ports stay in their band: a base outside it, or an offset that would make bands overlap, is an error", async () => {
    const c = await control();
    await expect(c.freePort(2000)).rejects.toThrow(/outside the test ports' band/);
    await expect(c.freePort(4950)).rejects.toThrow(/outside the test ports' band/);
    const before = process.env.E2E_PORT_OFFSET;
    process.env.E2E_PORT_OFFSET = "1000";
    try {
      await expect(c.freePort(3400)).rejects.toThrow(/multiple of 2000/);
      process.env.E2E_PORT_OFFSET = "30000";
      await expect(c.freePort(3400)).rejects.toThrow(/ephemeral/);
    } finally {
      if (before === undefined) delete process.env.E2E_PORT_OFFSET;
      else process.env.E2E_PORT_OFFSET = before;
    }
  });
});

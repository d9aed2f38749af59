// A second application server for tests that must stop or kill it (the shared
// test server must stay up): `next start` on the build the runner made, on
// its own port, with its own DATA_DIR (and, on PostgreSQL runs, its own
// database), started and stopped with the harness's own helpers. Users and
// applications are made with the admin CLI before the server starts; tokens
// come from the real OAuth flow against this server.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CookieJar, parseForms } from "../helpers";
import pg from "pg";
import { ownDatabase } from "./own-database";

const ROOT = process.cwd();

type Child = { child: import("node:child_process").ChildProcess; done: Promise<{ code: number | null; signal: string | null }> };
type ServerControl = {
  freePort(from: number): Promise<number>;
  startServer(o: { env: NodeJS.ProcessEnv; port: number; log: string }): Child;
  waitForServer(server: Child, baseUrl: string, o?: { timeoutMs?: number }): Promise<void>;
  stop(server: Child, graceMs?: number): Promise<unknown>;
};

const serverControl = (): Promise<ServerControl> =>
  import(/* @vite-ignore */ new URL("../../harness/server-control.mjs", import.meta.url).href) as Promise<ServerControl>;

/** The build to start: the runner's (.next-test) unless E2E_DIST_DIR names another. */
export const DIST_DIR = process.env.E2E_DIST_DIR || ".next-test";

export type OwnServer = {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** The log of the latest start. */
  readonly log: string;
  env: NodeJS.ProcessEnv;
  /** The running server process (null while stopped). */
  current: Child | null;
  start(): Promise<void>;
  /** kill -9 of the server's whole process group, without any chance to clean up. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
  /** How the running server process ended ("code 1", "signal SIGSEGV"), or "" while it runs. */
  exited(): string;
  /** The last lines of the latest log. */
  logTail(lines?: number): string;
  /** Deletes the data directory (the server must be stopped). */
  removeData(): void;
  cli(...args: string[]): Promise<any>;
  /** Runs the admin CLI commands in one process (`cli batch`): one answer per command, in order. */
  cliBatch(commands: string[][]): Promise<any[]>;
};

/**
 * Prepares (does not start) a server on the first free port from `fromPort`
 * with a fresh data directory. `databaseUrl`: PostgreSQL to use instead of
 * embedded PGlite in the data directory.
 */
export async function ownServer(opts: { name: string; fromPort: number; databaseUrl?: string }): Promise<OwnServer> {
  if (!fs.existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID"))) {
    throw new Error(`no build in ${DIST_DIR}/: run through \`npm test\` (or set E2E_DIST_DIR to a build folder)`);
  }
  const control = await serverControl();
  const artifacts = process.env.E2E_ARTIFACTS || path.join(ROOT, "e2e/.artifacts");
  const dataDir = path.join(artifacts, `${opts.name}-data`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  /** One log per start (the harness's startServer truncates its log). */
  let starts = 0;
  const logOf = (n: number) => path.join(artifacts, `${opts.name}-server-${n}.log`);
  const port = await control.freePort(opts.fromPort);
  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: DIST_DIR,
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: baseUrl,
    SEED_DEMO: "false",
    CALLBACKS_ALLOW_PRIVATE_NETWORKS: "true",
  };
  delete env.DATABASE_URL;
  delete env.APP_SECRET;
  // Test-runner variables must not leak into the server.
  for (const k of ["BASE_URL", "E2E_BASE_URL", "FIXTURES", "VITEST", "VITEST_MODE", "VITEST_POOL_ID", "VITEST_WORKER_ID", "NODE_ENV", "TEST"]) delete env[k];
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const server: OwnServer = {
    baseUrl,
    port,
    dataDir,
    get log() {
      return logOf(Math.max(1, starts));
    },
    env,
    current: null,
    async start() {
      const log = logOf(++starts);
      const s = control.startServer({ env, port, log });
      server.current = s;
      try {
        await control.waitForServer(s, baseUrl, { timeoutMs: 180_000 });
      } catch (e) {
        const tail = fs.readFileSync(log, "utf8").split("\n").slice(-60).join("\n");
        throw new Error(`${(e as Error).message}\n--- ${log} ---\n${tail}`);
      }
    },
    async kill9() {
      const s = server.current;
      if (!s) return;
      try {
        process.kill(-s.child.pid!, "SIGKILL");
      } catch {
        s.child.kill("SIGKILL");
      }
      await s.done;
      server.current = null;
    },
    async stop() {
      const s = server.current;
      if (!s) return;
      await control.stop(s);
      server.current = null;
    },
    exited() {
      const c = server.current?.child;
      if (!c) return "";
      if (c.signalCode) return `signal ${c.signalCode}`;
      if (c.exitCode !== null) return `code ${c.exitCode}`;
      return "";
    },
    logTail(lines = 60) {
      try {
        return `--- ${server.log} ---\n${fs.readFileSync(server.log, "utf8").split("\n").slice(-lines).join("\n")}`;
      } catch {
        return "";
      }
    },
    removeData() {
      if (server.current) throw new Error("stop the server before removing its data");
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async cliBatch(commands) {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `${opts.name}-batch-`)), "batch.json");
      fs.writeFileSync(file, JSON.stringify(commands));
      return (await server.cli("batch", "--file", file)) as any[];
    },
    cli: (...args: string[]) =>
      new Promise((resolve, reject) => {
        const child = spawn("npm", ["run", "--silent", "cli", "--", ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d) => (stdout += d));
        child.stderr.on("data", (d) => (stderr += d));
        child.on("error", reject);
        child.on("close", (code) => {
          if (code !== 0) return reject(new Error(`npm run cli -- ${args.join(" ")} exited ${code}: ${stderr}`));
          try {
            resolve(JSON.parse(stdout));
          } catch {
            reject(new Error(`npm run cli -- ${args.join(" ")} printed no JSON: ${stdout} ${stderr}`));
          }
        });
      }),
  };
  return server;
}

/**
 * An access token from `baseUrl` through the browser flow (authorize → sign
 * in → consent → code → token), with the Origin of that server on forms.
 */
export async function tokenAt(
  baseUrl: string,
  user: { email: string; password: string },
  app: { client_id: string; client_secret: string; redirect_uri: string },
  scope = "read write",
): Promise<string> {
  const jar = new CookieJar();
  const go = async (url: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = { Accept: "text/html,*/*" };
    const cookie = jar.header();
    if (cookie) headers.Cookie = cookie;
    let body: string | undefined;
    if (form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers.Origin = baseUrl;
      body = new URLSearchParams(form).toString();
    }
    const res = await fetch(new URL(url, baseUrl), { method: form ? "POST" : "GET", headers, body, redirect: "manual" });
    jar.store(res);
    return { status: res.status, location: res.headers.get("location"), text: await res.text() };
  };
  const q = new URLSearchParams({ client_id: app.client_id, redirect_uri: app.redirect_uri, response_type: "code", scope, state: "own-server" });
  let res = await go(`/oauth/authorize?${q}`);
  let code: string | null = null;
  for (let step = 0; step < 12 && !code; step++) {
    if (res.status >= 300 && res.status < 400 && res.location) {
      if (res.location.startsWith(app.redirect_uri)) {
        code = new URL(res.location).searchParams.get("code");
        if (!code) throw new Error(`authorization refused: ${res.location}`);
        break;
      }
      res = await go(res.location);
      continue;
    }
    const forms = parseForms(res.text);
    const login = forms.find((f) => f.action.includes("/login/submit"));
    const consent = forms.find((f) => f.action.includes("/oauth/authorize") && f.method === "post");
    if (login) res = await go(login.action, { ...login.fields, email: user.email, password: user.password });
    else if (consent) res = await go(consent.action, { ...consent.fields, decision: "allow" });
    else throw new Error(`unexpected page in the OAuth flow (${res.status}): ${res.text.slice(0, 300)}`);
  }
  if (!code) throw new Error("no authorization code");
  const token = await fetch(new URL("/oauth/token", baseUrl), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: app.redirect_uri,
      client_id: app.client_id,
      client_secret: app.client_secret,
    }).toString(),
  });
  const json = (await token.json()) as { access_token?: string };
  if (token.status !== 200 || !json.access_token) throw new Error(`token endpoint answered ${token.status}: ${JSON.stringify(json)}`);
  return json.access_token;
}

export type OwnServerSetup = {
  /** Undefined when the test must be skipped (skipReason says why). */
  server: OwnServer | undefined;
  /** This test's own PostgreSQL database on PostgreSQL runs. */
  database: Awaited<ReturnType<typeof ownDatabase>> | undefined;
  skipReason: string;
  /** Stops the server and removes its data and database (for afterAll). */
  teardown(): Promise<void>;
  /**
   * Runs SQL statements, in order, on the server's database: its PostgreSQL
   * database, or the PGlite directory in its data — then only while the
   * server is stopped (PGlite can be opened by one process at a time).
   * Answers the rows and affected-row count of each.
   */
  sql(statements: (string | { text: string; params: unknown[] })[]): Promise<{ rows: any[]; affected: number }[]>;
};

/**
 * A test file's own server, prepared (not started): with its own PostgreSQL
 * database beside TEST_DATABASE_URL's on PostgreSQL runs (dropped by
 * teardown; when it cannot be created the test is to be skipped), or its own
 * embedded PGlite otherwise.
 */
export async function prepareOwnServer(opts: { name: string; fromPort: number }): Promise<OwnServerSetup> {
  const setup: OwnServerSetup = {
    server: undefined,
    database: undefined,
    skipReason: "",
    async teardown() {
      await setup.server?.stop();
      setup.server?.removeData();
      await setup.database?.drop();
    },
    async sql(statements) {
      if (!setup.server) throw new Error("no server was prepared");
      const list = statements.map((s) => (typeof s === "string" ? { text: s, params: [] } : s));
      const out: { rows: any[]; affected: number }[] = [];
      if (setup.database?.url) {
        const client = new pg.Client({ connectionString: setup.database.url });
        await client.connect();
        try {
          for (const s of list) {
            const r = await client.query(s.text, s.params);
            out.push({ rows: r.rows, affected: r.rowCount ?? 0 });
          }
        } finally {
          await client.end();
        }
        return out;
      }
      if (setup.server.current) throw new Error("stop the server before opening its embedded database");
      const { PGlite } = await import("@electric-sql/pglite");
      const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm"); // the search's indexes (migration 0010)
      const db = await PGlite.create(path.join(setup.server.dataDir, "pgdata"), { extensions: { pg_trgm } });
      try {
        for (const s of list) {
          const r = await db.query(s.text, s.params);
          out.push({ rows: r.rows as any[], affected: r.affectedRows ?? 0 });
        }
      } finally {
        await db.close();
      }
      return out;
    },
  };
  if (process.env.TEST_DATABASE_URL) {
    setup.database = await ownDatabase(process.env.TEST_DATABASE_URL, opts.name.replace(/[^A-Za-z0-9]/g, "_"));
    if (!setup.database.url) {
      // In CI a skipped test would hide that the PostgreSQL run does not cover it: fail instead (.ci/run gives the role CREATEDB).
      if (process.env.CI) throw new Error(`${opts.name}: ${setup.database.problem}`);
      setup.skipReason = setup.database.problem;
      return setup;
    }
  }
  setup.server = await ownServer({ name: opts.name, fromPort: opts.fromPort, databaseUrl: setup.database?.url });
  return setup;
}

/** For afterAll: stops and removes a test's further instances (those started), then tears its own server down. */
export async function teardownAll(setup: OwnServerSetup | undefined, ...others: (OwnServer | undefined)[]) {
  for (const other of others) {
    await other?.stop();
    other?.removeData();
  }
  await setup?.teardown();
}

/** A JSON call to a server of a test's own with a bearer token: status, the body's text and its JSON (or {}). */
export async function callAt(baseUrl: string, token: string, urlPath: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(new URL(urlPath, baseUrl), {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { Authorization: `Bearer ${token}`, Accept: "application/json", ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : {} };
}

/**
 * Imports a template into a server of a test's own with the admin CLI: a
 * one-page PDF titled `title` and `definition` (README, "Template
 * definition"). Answers the template's id.
 */
/** Imports a template with the admin CLI of a server (or of a fleet: anything with `cli`). */
export async function importTemplateAt(server: Pick<OwnServer, "cli">, owner: string, definition: Record<string, unknown>, title = "Contract"): Promise<string> {
  const { makePdf } = await import("./sending");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "template-"));
  try {
    fs.writeFileSync(path.join(dir, "contract.pdf"), await makePdf({ title }));
    fs.writeFileSync(path.join(dir, "definition.json"), JSON.stringify(definition));
    const out = await server.cli("template:import", "--owner", owner, "--pdf", path.join(dir, "contract.pdf"), "--definition", path.join(dir, "definition.json"));
    return out.id as string;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A template of two signers, "First" and "Second", one signature field each, without signing order (for importTemplateAt). */
export const TWO_SIGNER_TEMPLATE = {
  signer_sequencing: false,
  roles: [{ name: "First", sequence: 0 }, { name: "Second", sequence: 1 }],
  fields: [
    { type: "signature", role: "First", name: "first_signature", page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.05, required: true },
    { type: "signature", role: "Second", name: "second_signature", page: 1, x: 0.55, y: 0.8, width: 0.3, height: 0.05, required: true },
  ],
};

type SentDocument = { recipients: { id: string; role_name: string; sign_url: string }[]; form_fields: { id: string; role: string }[] };

/**
 * Every recipient of a document just sent (as the API answered it to its
 * sender, sign_url included) signs the first field of their role with a drawn
 * signature, through the signer page's submit call on `baseUrl`.
 */
export async function signEveryRecipientAt(baseUrl: string, doc: SentDocument) {
  const { signaturePng } = await import("./signing-calls");
  for (const r of doc.recipients) {
    const field = doc.form_fields.find((f) => f.role === r.role_name);
    if (!field) throw new Error(`no field for role ${r.role_name}`);
    const res = await fetch(new URL(`/sign/${r.id}/submit`, baseUrl), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ access_token: new URL(r.sign_url).searchParams.get("access_token"), values: { [field.id]: signaturePng(r.role_name) } }),
    });
    if (res.status !== 200) throw new Error(`${r.role_name} could not sign: ${res.status} ${await res.text()}`);
  }
}

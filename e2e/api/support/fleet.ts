// A fleet for a test file (e2e/harness/fleet.mjs): web instances and workers
// on one PostgreSQL database of the test's own (beside TEST_DATABASE_URL's,
// dropped afterwards) and one s3rver bucket. PostgreSQL runs only: the
// embedded PGlite can be opened by one process, so there is no fleet on it.
import crypto from "node:crypto";
import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { ownDatabase } from "./own-database";
import { DIST_DIR } from "./own-server";
import { startS3Server, type TestS3Server } from "./s3-server";

const ROOT = process.cwd();

type Proc = { child: import("node:child_process").ChildProcess; done: Promise<{ code: number | null; signal: string | null }>; name: string; pid: number; log: string; dataDir: string };
export type FleetWeb = Proc & { port: number; baseUrl: string };
export type FleetWorker = Proc & { metricsPort: number };
export type Fleet = {
  /** The round-robin proxy (the load balancer), APP_URL of every instance. */
  appUrl: string;
  env: NodeJS.ProcessEnv;
  proxy: { url: string; hits: Record<string, number> };
  webs: FleetWeb[];
  workers: FleetWorker[];
  startWorker(name?: string, o?: { env?: Record<string, string> }): Promise<FleetWorker>;
  startWeb(name?: string, o?: { runWorker?: boolean; env?: Record<string, string> }): Promise<FleetWeb>;
  terminate(p: Proc, whileStopping?: () => Promise<void>): Promise<{ code: number | null; signal: string | null; ms: number }>;
  kill9(p: Proc): Promise<{ code: number | null; signal: string | null }>;
  stop(): Promise<void>;
};

type FleetHarness = {
  startFleet(o: { root: string; dir: string; databaseUrl: string; env?: Record<string, string>; distDir?: string; fromPort?: number; webs?: number; log?: (l: string) => void }): Promise<Fleet>;
};
const harness = (): Promise<FleetHarness> =>
  import(/* @vite-ignore */ new URL("../../harness/fleet.mjs", import.meta.url).href) as Promise<FleetHarness>;

export const FLEET_NEEDS_POSTGRES = "a fleet needs PostgreSQL (TEST_DATABASE_URL): the embedded PGlite can be opened by one process only";

export type FleetSetup = {
  /** Set when the tests must be skipped (on PGlite runs, or when no database can be created). */
  skipReason: string;
  databaseUrl: string;
  s3: TestS3Server | undefined;
  /** Settings every instance and the CLI share: APP_SECRET, S3, private-network callbacks, `extra`. */
  env: Record<string, string>;
  fleet: Fleet | undefined;
  /** The admin CLI on the fleet's database (its first use applies the migrations). */
  cli(...args: string[]): Promise<any>;
  start(o?: { webs?: number }): Promise<Fleet>;
  /** Statements in order on the fleet's database; the rows of each. */
  sql(statements: (string | { text: string; params: unknown[] })[]): Promise<any[][]>;
  teardown(): Promise<void>;
};

export async function prepareFleet(opts: { name: string; fromPort: number; env?: Record<string, string> }): Promise<FleetSetup> {
  const artifacts = process.env.E2E_ARTIFACTS || path.join(ROOT, "e2e/.artifacts");
  let database: Awaited<ReturnType<typeof ownDatabase>> | undefined;
  const setup: FleetSetup = {
    skipReason: "",
    databaseUrl: "",
    s3: undefined,
    env: {},
    fleet: undefined,
    cli: (...args) =>
      new Promise((resolve, reject) => {
        const env: NodeJS.ProcessEnv = { ...process.env, ...setup.env, DATABASE_URL: setup.databaseUrl, DATA_DIR: path.join(artifacts, `${opts.name}-cli-data`) };
        for (const k of ["NODE_ENV", "VITEST", "VITEST_MODE", "VITEST_POOL_ID", "VITEST_WORKER_ID", "TEST"]) delete env[k];
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
    async start(o = {}) {
      const { startFleet } = await harness();
      setup.fleet = await startFleet({
        root: ROOT,
        dir: path.join(artifacts, opts.name),
        databaseUrl: setup.databaseUrl,
        env: setup.env,
        distDir: DIST_DIR,
        fromPort: opts.fromPort,
        webs: o.webs ?? 2,
      });
      return setup.fleet;
    },
    async sql(statements) {
      const client = new pg.Client({ connectionString: setup.databaseUrl });
      await client.connect();
      try {
        const out: any[][] = [];
        for (const s of statements) {
          const q = typeof s === "string" ? { text: s, params: [] } : s;
          out.push((await client.query(q.text, q.params)).rows);
        }
        return out;
      } finally {
        await client.end();
      }
    },
    async teardown() {
      await setup.fleet?.stop();
      await setup.s3?.close();
      await database?.drop();
    },
  };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    setup.skipReason = FLEET_NEEDS_POSTGRES;
    return setup;
  }
  database = await ownDatabase(base, opts.name.replace(/[^A-Za-z0-9]/g, "_"));
  if (!database.url) {
    // In CI a skipped fleet test would hide that the PostgreSQL run does not cover it (.ci/run gives the role CREATEDB).
    if (process.env.CI) throw new Error(`${opts.name}: ${database.problem}`);
    setup.skipReason = database.problem;
    return setup;
  }
  setup.databaseUrl = database.url;
  setup.s3 = await startS3Server();
  setup.env = {
    APP_SECRET: crypto.randomBytes(32).toString("hex"),
    CALLBACKS_ALLOW_PRIVATE_NETWORKS: "true",
    ...setup.s3.env,
    ...opts.env,
  };
  return setup;
}

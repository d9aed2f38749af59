import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./free-port";

/**
 * A throwaway PostgreSQL cluster for one `npm run bench`, or for a bench run
 * alone without DATABASE_URL: initdb into a temp dir, pg_ctl start on a free
 * port (trust auth, 127.0.0.1 and a socket in the same dir, fsync off, the
 * memory settings of docs/deploy.md), one fresh database per bench, stopped
 * and deleted at the end (or at exit). Binaries: $PG_BIN, else initdb's on
 * PATH, else the newest /usr/lib/postgresql/<n>/bin.
 * PostgreSQL refuses to run as root, and sessions here often are root: the
 * server then runs as the `postgres` user (runuser), as in
 * ../shared/notes/stack-findings.md.
 */
export type Cluster = {
  version: string;
  port: number;
  createDatabase: (name: string) => Promise<string>;
  /** Writes every dirty buffer out now (CHECKPOINT), instead of over the next minutes while benches measure. */
  checkpoint: () => Promise<void>;
  stop: () => void;
};

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const fromPath = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  if (fromPath) return path.dirname(fs.realpathSync(fromPath));
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (fs.existsSync(path.join(root, v, "bin", "initdb"))) return path.join(root, v, "bin");
  throw new Error("no initdb on PATH or under /usr/lib/postgresql/*/bin");
}

export async function startCluster(log: (s: string) => void): Promise<Cluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-postgres-"));
  const data = path.join(dir, "data");
  const port = await freePort(55432);
  const as = (cmd: string, args: string[]) => (asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args]) as [string, string[]];
  const exec = (cmd: string, args: string[]) => {
    const [c, a] = as(cmd, args);
    return execFileSync(c, a, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  };
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  let started = false;
  const stop = () => {
    if (started) {
      try {
        exec(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
      } catch (e) {
        log(`pg_ctl stop failed: ${(e as Error).message.split("\n")[0]}`);
      }
      started = false;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stop);
  try {
    exec(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
    // fsync off (a throwaway cluster has no data worth a flush), and the memory settings docs/deploy.md
    // recommends for a server with large accounts: the benches measure a million documents.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100 -c shared_buffers=1GB -c work_mem=16MB`;
    exec(path.join(bin, "pg_ctl"), ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start"]);
    started = true;
  } catch (e) {
    const logFile = path.join(dir, "server.log");
    const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n").slice(-10).join("\n") : "";
    stop();
    throw new Error(`could not start PostgreSQL from ${bin}: ${(e as Error).message}\n${tail}`);
  }
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const version = (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
  await client.end();
  log(`PostgreSQL ${version} on 127.0.0.1:${port} (${data})`);
  return {
    version,
    port,
    stop,
    async checkpoint() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      try {
        await c.query("checkpoint");
      } finally {
        await c.end();
      }
    },
    async createDatabase(name: string) {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}"`);
        await c.query(`create database "${name}"`);
      } finally {
        await c.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
  };
}

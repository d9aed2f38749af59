import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, run } from "../dashboard/processes";

/**
 * A throwaway PostgreSQL cluster for the bench when DATABASE_URL names none:
 * initdb + pg_ctl (as the postgres user when run as root, like .ci/run) in a
 * temp dir on a free port, fsync off; stopped and removed by `stop`. Null
 * (with the reason) when no PostgreSQL binaries are installed.
 */
export type Cluster = { url: string; stop: () => Promise<void> };

export function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin/initdb"))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

export async function startCluster(log: (s: string) => void): Promise<Cluster | string> {
  const bin = postgresBin();
  if (!bin) return "no PostgreSQL server binaries under /usr/lib/postgresql";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-api-pg-"));
  const asRoot = process.getuid?.() === 0;
  const as = (cmd: string, args: string[]) => (asRoot ? run("runuser", ["-u", "postgres", "--", cmd, ...args], { env: process.env, capture: true }) : run(cmd, args, { env: process.env, capture: true }));
  if (asRoot) {
    fs.chmodSync(dir, 0o700);
    await run("chown", ["postgres:postgres", dir], { env: process.env, capture: true });
  }
  const port = await freePort(55500);
  const data = path.join(dir, "data");
  const init = await as(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  if (init.code !== 0) return `initdb failed: ${init.stderr.trim().split("\n").slice(-3).join(" ")}`;
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const started = await as(path.join(bin, "pg_ctl"), ["-D", data, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "-o", opts, "start"]);
  if (started.code !== 0) return `pg_ctl start failed: ${started.stderr.trim()}`;
  const stop = async () => {
    await as(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const psql = await as(path.join(bin, "psql"), ["-h", dir, "-p", String(port), "-U", "postgres", "-q", "-c", "create database bench"]);
  if (psql.code !== 0) {
    await stop();
    return `create database failed: ${psql.stderr.trim()}`;
  }
  log(`  throwaway PostgreSQL cluster on port ${port} (${dir})`);
  return { url: `postgres://postgres@127.0.0.1:${port}/bench`, stop };
}

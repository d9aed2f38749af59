import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, start, stop, type Proc } from "../dashboard/processes";

/**
 * A PostgreSQL cluster of the bench's own in a temp directory (initdb, trust
 * auth on 127.0.0.1), like .ci/run starts one: nothing outside the bench is
 * touched, and stopping it removes it. As root the cluster runs as the
 * `postgres` user (initdb refuses root). Binaries: $PG_BIN, else the newest
 * /usr/lib/postgresql/<n>/bin, else PATH.
 */
export type ThrowawayPostgres = { url: string; stop: () => Promise<void> };

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  for (const v of versions.reverse()) if (fs.existsSync(path.join(root, v, "bin/initdb"))) return path.join(root, v, "bin");
  return "";
}

export async function startThrowawayPostgres(log: (s: string) => void): Promise<ThrowawayPostgres> {
  const bin = (name: string) => (binDir() ? path.join(binDir(), name) : name);
  const asRoot = process.getuid?.() === 0;
  const wrap = (cmd: string, args: string[]): [string, string[]] => (asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-search-pg-"));
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  execFileSync(...wrap(bin("initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]), { stdio: "ignore" });
  const port = await freePort(55400);
  const server: Proc = start(...wrap(bin("postgres"), ["-D", data, "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"]), {
    env: process.env,
    log: path.join(dir, "server.log"),
  });
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const pg = (await import("pg")).default;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (e) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start: ${String(e)}\n${fs.readFileSync(path.join(dir, "server.log"), "utf8").slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  log(`  PostgreSQL ${execFileSync(bin("postgres"), ["--version"]).toString().trim()} on port ${port}`);
  return {
    url,
    stop: async () => {
      await stop(server);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env } from "@/lib/env";
import { compileWasmOnOneTask } from "./wasm-compile-tasks";
import { log } from "@/lib/server/observability/logger";
import * as schema from "./schema";
import { listenForDocumentChanges, stopListeningForDocumentChanges } from "./embedded-changes";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

type Handle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The underlying client, for pg-boss. */
  raw: unknown;
  close: () => Promise<void>;
};

const g = globalThis as unknown as { __dbHandle?: Promise<Handle> };

export const migrationsFolder = () => path.join(process.cwd(), "lib/server/db/migrations");

/**
 * The process-wide database, opened and migrated on first use (never at import
 * time: `next build` evaluates modules). PGlite in DATA_DIR unless DATABASE_URL
 * is set.
 */
export function getDb(): Promise<Db> {
  return getDbHandle().then((h) => h.db);
}

export function getDbHandle(): Promise<Handle> {
  g.__dbHandle ??= open().catch((e) => {
    g.__dbHandle = undefined;
    throw e;
  });
  return g.__dbHandle;
}

export async function closeDb() {
  const h = g.__dbHandle;
  g.__dbHandle = undefined;
  if (h) await (await h).close();
}

async function open(): Promise<Handle> {
  const e = env();
  return e.DATABASE_URL ? openPostgres(e.DATABASE_URL) : openPglite(path.resolve(e.DATA_DIR));
}

async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // Every connection of ours runs without JIT compilation. PostgreSQL compiles a query once its estimated
  // cost passes jit_above_cost; our list and search statements pass it at a million documents (their
  // cost estimates count every row a bitmap scan may read), and compiling took ~100 of a search's 320 ms,
  // for statements that run in milliseconds. JIT pays off for long analytical queries, which we do not
  // run. Set when a connection opens (pg-pool awaits onConnect before handing the connection out), not in
  // the connection string's `options`, which PgBouncer refuses; a failure is logged and the connection
  // used as it is (behind a pooler in transaction mode a session setting may not follow: docs/deploy.md).
  const pool = new Pool({
    connectionString: url,
    max: 10,
    onConnect: async (connection) => {
      await connection.query("set jit = off").catch((err: unknown) => log("db").warn({ err }, "could not turn JIT off on a new connection"));
    },
  });
  // Several instances may start at once: one migrates, the others wait.
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(727274)");
    await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query("select pg_advisory_unlock(727274)").catch(() => {});
    client.release();
  }
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return { db, kind: "postgres", raw: pool, close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<Handle> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = acquireDirLock(dataDir);
  try {
    compileWasmOnOneTask();
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // pg_trgm: the search's trigram indexes (migration 0010); PGlite ships extensions' code apart.
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const pglite = await PGlite.create(path.join(dataDir, "pgdata"), {
      extensions: { pg_trgm },
      // (jit off as on PostgreSQL: PGlite has no JIT compiler, and says so rather than "on".)
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${env().EMBEDDED_DB_BUFFERS_MB}MB`, "-c", "jit=off"],
    });
    const db = drizzle({ client: pglite, schema });
    await migrate(db, { migrationsFolder: migrationsFolder() });
    await listenForDocumentChanges(pglite);
    return {
      db: db as unknown as Db,
      kind: "pglite",
      raw: pglite,
      close: async () => {
        stopListeningForDocumentChanges();
        await pglite.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}

/**
 * PGlite's files must never be opened by two processes at once (it corrupts
 * them), so the first process takes a lock file naming its pid.
 */
function acquireDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "pglite.lock");
  try {
    fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
  } catch {
    const pid = Number(fs.readFileSync(lockPath, "utf8"));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${pid} (is the server running?). ` +
          `Stop it first, or use a PostgreSQL server through DATABASE_URL.`,
      );
    }
    fs.writeFileSync(lockPath, String(process.pid));
  }
  const release = () => {
    try {
      if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
    } catch {}
  };
  process.once("exit", release);
  return release;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export { schema };

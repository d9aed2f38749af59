import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * Where the bench's data lives. Always a fresh temp DATA_DIR (files, keys,
 * and the embedded PGlite database); with DATABASE_URL the database is that
 * PostgreSQL server instead, emptied first like the test runner does with
 * TEST_DATABASE_URL. A database that already holds users is only emptied
 * when BENCH_WIPE_DATABASE=1 says so.
 */
export type BenchDatabase = { kind: "pglite" | "postgres"; dataDir: string; databaseUrl?: string; label: string };

export async function prepareDatabase(): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL || undefined;
  if (url) await resetPostgres(url);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bench-dashboard-"));
  if (!url) return { kind: "pglite", dataDir, label: `PGlite in ${dataDir}` };
  return { kind: "postgres", dataDir, databaseUrl: url, label: `PostgreSQL ${redact(url)}` };
}

async function resetPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ t: string | null }>(`select to_regclass('public.users')::text as t`);
    const users = rows[0]?.t ? Number((await client.query<{ n: string }>("select count(*) as n from public.users")).rows[0]!.n) : 0;
    if (users > 0 && process.env.BENCH_WIPE_DATABASE !== "1") {
      throw new Error(
        `${redact(url)} already holds ${users} users. The bench empties the database it is given ` +
          `(schemas public, drizzle, pgboss): point DATABASE_URL at a scratch database, or set BENCH_WIPE_DATABASE=1.`,
      );
    }
    for (const schema of ["public", "drizzle", "pgboss"]) await client.query(`drop schema if exists "${schema}" cascade`);
    await client.query(`create schema "public"`);
  } finally {
    await client.end();
  }
}

export function redact(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparseable URL)";
  }
}

/** The environment of the CLI and of next start for this database. */
export function appEnv(db: BenchDatabase, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", DATA_DIR: db.dataDir, SEED_DEMO: "false", ...extra };
  delete env.DATABASE_URL;
  if (db.databaseUrl) env.DATABASE_URL = db.databaseUrl;
  return env;
}

// The PostgreSQL database of a run (TEST_DATABASE_URL): emptied before use so
// every run starts from the migrations, like a fresh PGlite directory.
import pg from "pg";

const SCHEMAS = ["public", "drizzle", "pgboss"];

export async function resetPostgres(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of SCHEMAS) await client.query(`drop schema if exists "${schema}" cascade`);
    await client.query(`create schema "public"`);
    // Anything else left by an earlier run is reported, not silently kept.
    const { rows } = await client.query(
      `select nspname from pg_namespace
       where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'`,
    );
    if (rows.length) console.warn(`[e2e] note: database also has schemas ${rows.map((r) => r.nspname).join(", ")}`);
  } finally {
    await client.end();
  }
}

/** The URL without its password, for logs. */
export function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparseable URL)";
  }
}

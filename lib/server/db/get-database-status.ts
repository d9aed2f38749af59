import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** The settings of the database's connections that decide how fast the lists and searches are (docs/deploy.md). */
const SETTINGS = ["jit", "shared_buffers", "work_mem", "effective_cache_size", "max_connections"] as const;

export type DatabaseStatus = {
  database: "pglite" | "postgres";
  server_version: string;
  settings: Record<(typeof SETTINGS)[number], string>;
};

/**
 * Which database the process uses and the settings its connections run with, as those connections see
 * them (a setting the app makes per connection, such as `jit`, shows here and not in postgresql.conf).
 */
export async function getDatabaseStatus(db: Db, database: DatabaseStatus["database"]): Promise<DatabaseStatus> {
  const result = (await db.execute(sql`
    select current_setting('server_version') as server_version,
      ${sql.join(SETTINGS.map((name) => sql`current_setting(${name}) as ${sql.identifier(name)}`), sql`, `)}`)) as unknown as {
    rows: Record<string, string>[];
  };
  const row = result.rows[0]!;
  return { database, server_version: row.server_version!, settings: Object.fromEntries(SETTINGS.map((name) => [name, row[name]!])) as DatabaseStatus["settings"] };
}

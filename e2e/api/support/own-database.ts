// A PostgreSQL database of a test's own, beside TEST_DATABASE_URL's (same
// server and credentials), for tests that run their own server
// (fault-restart.test.ts). Created empty, dropped afterwards; when the role may
// not create databases, `url` is empty and `problem` says why.
import pg from "pg";

/** The OAuth redirect URI of applications on a test's own server (never called). */
export const REDIRECT_URI_FOR_OWN_SERVER = "http://127.0.0.1:9/callback";

export async function ownDatabase(baseUrl: string, suffix: string): Promise<{ url: string; problem: string; drop(): Promise<void> }> {
  const u = new URL(baseUrl);
  const name = `${decodeURIComponent(u.pathname.slice(1)) || "postgres"}_${suffix}`.replace(/[^A-Za-z0-9_]/g, "_").slice(0, 60);
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`drop database if exists "${name}" with (force)`);
    await admin(`create database "${name}"`);
  } catch (e) {
    return { url: "", problem: `cannot create database ${name}: ${(e as Error).message}`, drop: async () => {} };
  }
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    problem: "",
    drop: () => admin(`drop database if exists "${name}" with (force)`).catch(() => {}),
  };
}

import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { BenchAccount } from "../dashboard/create-account";

/**
 * Seeded bench accounts handed from one bench to the next within one
 * `npm run bench`. The api, dashboard and search benches all measure the same
 * account (bench/dashboard/create-account.ts, seed-documents.ts) at 1,000 and
 * 100,000 documents; making it costs a minute or two per database and size,
 * most of run-all's time. run-all sets BENCH_DATASETS_DIR: a bench that made a
 * dataset leaves it there (`storeDataset`) instead of deleting it, a later one
 * takes it (`takeDataset`) instead of seeding its own, and gives it back when
 * done if another may want it. Run alone, a bench has no store and seeds
 * as before.
 *
 * A PGlite dataset is its DATA_DIR, moved into the store (a rename: the 100,000
 * documents take ~1.5 GB); a PostgreSQL one is a database of run-all's cluster,
 * left in place. What a bench did to it (sign-ins, tokens, a server's start-up
 * work) stays: every bench signs in and measures reads only.
 */
export type StoredDataset = {
  kind: "pglite" | "postgres";
  documents: number;
  dataDir: string;
  databaseUrl?: string;
  account: BenchAccount;
  /** How long the bench that made it took to seed it. */
  seedSeconds: number;
  madeBy: string;
};

const storeDir = () => process.env.BENCH_DATASETS_DIR || undefined;
const indexFile = (dir: string, kind: string, documents: number) => path.join(dir, `${kind}-${documents}.json`);

/** Whether datasets are handed on in this run (run-all), so a bench should keep what it seeds. */
export const datasetsShared = () => !!storeDir();

/**
 * The account sizes measured on `kind`: BENCH_SIZES_PGLITE / BENCH_SIZES_POSTGRES when set (`npm run
 * bench` sets both, so that its seeding and the api and search benches agree), else the bench's own list.
 */
export function sizesFor(kind: StoredDataset["kind"], own: number[]): number[] {
  const raw = process.env[kind === "pglite" ? "BENCH_SIZES_PGLITE" : "BENCH_SIZES_POSTGRES"];
  if (!raw) return own;
  return raw.split(",").map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
}

/** Leaves a dataset for a later bench; a PGlite DATA_DIR moves into the store. False without a store. */
export function storeDataset(d: StoredDataset): boolean {
  const dir = storeDir();
  if (!dir) return false;
  fs.mkdirSync(dir, { recursive: true });
  let dataDir = d.dataDir;
  const inStore = path.join(dir, `${d.kind}-${d.documents}`);
  if (path.resolve(dataDir) !== path.resolve(inStore)) {
    fs.rmSync(inStore, { recursive: true, force: true });
    fs.renameSync(dataDir, inStore);
    dataDir = inStore;
  }
  fs.writeFileSync(indexFile(dir, d.kind, d.documents), JSON.stringify({ ...d, dataDir }, null, 2));
  return true;
}

/**
 * A dataset in the store, left there for the benches after the caller (which only reads it: a bench
 * stopped halfway then loses nobody's data); null when there is none.
 */
export function peekDataset(kind: StoredDataset["kind"], documents: number): StoredDataset | null {
  const dir = storeDir();
  if (!dir) return null;
  const file = indexFile(dir, kind, documents);
  if (!fs.existsSync(file)) return null;
  const d = JSON.parse(fs.readFileSync(file, "utf8")) as StoredDataset;
  return fs.existsSync(d.dataDir) ? d : null;
}

/** A dataset a previous bench left, now the caller's (store it again to pass it on); null when there is none. */
export function takeDataset(kind: StoredDataset["kind"], documents: number): StoredDataset | null {
  const d = peekDataset(kind, documents);
  if (d) fs.rmSync(indexFile(storeDir()!, kind, documents));
  return d;
}

/**
 * A database of its own for each kept PostgreSQL dataset, next to the one the
 * bench was given (same server, `<name>_<suffix>`, made anew), so that keeping
 * one size does not stop the next from starting empty.
 */
export async function siblingDatabase(url: string, suffix: string): Promise<string> {
  const u = new URL(url);
  const name = `${u.pathname.slice(1)}_${suffix}`.replace(/\W/g, "_");
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  u.pathname = `/${name}`;
  return u.toString();
}

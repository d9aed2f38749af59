/**
 * Seeds the bench account at every size `npm run bench` measures on one kind of database
 * (`sizesFor`, or the part of them in BENCH_SEED_SIZES) and leaves each in the run's dataset store
 * (BENCH_DATASETS_DIR) for the benches that measure it. run-all starts these while it builds the app
 * (per database, one for the largest size and one for the rest): seeding is most of the run's work
 * that measures nothing, and the build and the seeding keep both cores busy where each alone would not.
 *
 *   BENCH_DATASETS_DIR=/tmp/x BENCH_SEED_KIND=postgres DATABASE_URL=postgres://…/scratch \
 *     tsx --conditions=react-server bench/lib/seed-datasets.ts
 *
 * For PostgreSQL each size gets a database of its own next to DATABASE_URL's (siblingDatabase).
 */
import { datasetsShared, siblingDatabase, sizesFor, storeDataset, type StoredDataset } from "./datasets";
import { makeDataset } from "./make-dataset";

const kind = process.env.BENCH_SEED_KIND as StoredDataset["kind"];
if (kind !== "pglite" && kind !== "postgres") throw new Error(`BENCH_SEED_KIND must be pglite or postgres, not ${kind}`);
if (!datasetsShared()) throw new Error("BENCH_DATASETS_DIR is not set: there is nowhere to leave the datasets");
const base = process.env.DATABASE_URL;
if (kind === "postgres" && !base) throw new Error("BENCH_SEED_KIND=postgres needs DATABASE_URL");
if (kind === "pglite") delete process.env.DATABASE_URL;
process.env.BENCH_WIPE_DATABASE = "1"; // each size's database is made anew below

const t0 = performance.now();
const log = (s: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(0)}s] ${s}`);
// BENCH_SEED_SIZES: a part of them (run-all seeds the largest size in a process of its own).
const sizes = process.env.BENCH_SEED_SIZES ? process.env.BENCH_SEED_SIZES.split(",").map(Number) : sizesFor(kind, []);
for (const documents of sizes) {
  if (base) process.env.DATABASE_URL = await siblingDatabase(base, String(documents));
  log(`${kind}, ${documents} documents`);
  const { db, account, seedSeconds } = await makeDataset(documents, log);
  storeDataset({ kind, documents, dataDir: db.dataDir, databaseUrl: db.databaseUrl, account, seedSeconds, madeBy: "npm run bench's seeding step" });
  log(`${kind}, ${documents} documents: seeded in ${seedSeconds.toFixed(0)} s, stored`);
}

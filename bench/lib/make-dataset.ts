import fs from "node:fs";
import { closeDb, getDb } from "@/lib/server/db/client";
import { resetEnvForTesting } from "@/lib/env";
import { COLLEAGUE, createAccount, OWNER, type BenchAccount } from "../dashboard/create-account";
import { appEnv, prepareDatabase, type BenchDatabase } from "../dashboard/database";
import { seedDocuments } from "../dashboard/seed-documents";

export type MadeDataset = { db: BenchDatabase; account: BenchAccount; seedSeconds: number };

/**
 * The bench account on a fresh database — a temp DATA_DIR's PGlite, or DATABASE_URL's database emptied
 * first — made with the admin CLI, and `count` documents seeded in bulk. The process's database handle
 * is closed again before returning (PGlite: one process at a time, and a server is usually next); the
 * temp DATA_DIR goes if anything fails.
 */
export async function makeDataset(count: number, log: (line: string) => void): Promise<MadeDataset> {
  const db = await prepareDatabase();
  let failed = false;
  try {
    log(`  account with the admin CLI (${db.label})`);
    const account = await createAccount(appEnv(db), db.dataDir, log);
    process.env.DATA_DIR = db.dataDir;
    resetEnvForTesting(); // env() is read lazily and cached: this dataset's DATA_DIR and DATABASE_URL
    log(`  ${count} documents with bulk SQL`);
    const s0 = performance.now();
    await seedDocuments(await getDb(), { ...account, ownerEmail: OWNER.email, colleagueEmail: COLLEAGUE.email, count, indexBuildsAtOnce: db.kind === "postgres" ? 2 : 1 }, log);
    return { db, account, seedSeconds: (performance.now() - s0) / 1000 };
  } catch (e) {
    failed = true;
    throw e;
  } finally {
    // closed first: PGlite's files are in the DATA_DIR that goes
    await closeDb().catch(() => {});
    if (failed) fs.rmSync(db.dataDir, { recursive: true, force: true });
  }
}

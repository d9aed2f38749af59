import { sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { withoutListVersionTriggers } from "./seed-documents";

/**
 * Numbers and hashes the seeded audit entries in bulk. seed-documents.ts
 * writes them without `seq`/`hash` (it predates the audit hash chain), and
 * the server's startup would then chain all ~300,000 of them one document at
 * a time (bootstrap's chainUnhashedAudits) before answering a request: longer
 * than any bench. The hashes here are placeholders with the chain's shape
 * (seq per document in written order, prev_hash the entry before); nothing in
 * this bench verifies a trail.
 */
export async function sealSeededAudits(db: Db, log: (s: string) => void) {
  const t0 = performance.now();
  await withoutListVersionTriggers(db, () => db.execute(sql`
    UPDATE audits a SET seq = s.seq, hash = s.hash, prev_hash = s.prev_hash
    FROM (
      SELECT id, seq, hash, lag(hash) OVER (PARTITION BY document_id ORDER BY seq) AS prev_hash
      FROM (
        SELECT id, document_id,
               row_number() OVER (PARTITION BY document_id ORDER BY created_at, id) AS seq,
               encode(sha256(convert_to(document_id || ':' || id::text, 'UTF8')), 'hex') AS hash
        FROM audits WHERE document_id IN (SELECT document_id FROM audits WHERE hash IS NULL OR seq IS NULL)
      ) numbered
    ) s
    WHERE a.id = s.id`));
  log(`  audit chain fields for the seeded entries (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

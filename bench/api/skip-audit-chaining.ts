import { sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { withoutListVersionTriggers } from "../dashboard/seed-documents";

/**
 * The bulk-seeded audit entries have no chain position or hash, so the
 * server would chain them at start-up (chainUnhashedAudits: a transaction per
 * document, minutes for 100,000 documents on a busy machine) before its first
 * answer. The calls measured here never verify a chain, so the entries are
 * numbered in one statement and given placeholder hashes instead (a /verify
 * of these documents would report a broken chain: this is bench data only).
 */
export async function skipAuditChaining(db: Db) {
  await withoutListVersionTriggers(db, () => db.execute(sql`
    with n as (select id, row_number() over (partition by document_id order by created_at, id) as rn
               from audits where hash is null or seq is null)
    update audits a set seq = n.rn, prev_hash = null, hash = md5('bench-audit:' || a.id)
    from n where n.id = a.id`));
}

import { eq, sql, type SQLWrapper } from "drizzle-orm";
import { listDocumentsQuery } from "@/lib/api/documents";
import type { Db } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { listDocumentsQueries } from "@/lib/server/documents/list-documents";
import type { Variant } from "./measure";

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements the list API runs for each
 * variant — the very query builders listDocuments awaits, so the plans are of
 * the real queries. Each is run twice and the second (warm) plan kept, as the
 * server's were warm. Run after the server stopped (PGlite admits one process).
 */
export type Explained = { statement: string; executionMs: number; plan: string };

export async function explainVariants(db: Db, ownerEmail: string, variants: Variant[], log: (s: string) => void) {
  const [owner] = await db.select().from(users).where(eq(users.email, ownerEmail));
  if (!owner) throw new Error(`no user ${ownerEmail}`);
  const out: Record<string, Explained[]> = {};
  for (const v of variants) {
    const params = listDocumentsQuery.parse(Object.fromEntries(new URL(v.api, "http://x").searchParams));
    const { rows, counts } = listDocumentsQueries(db, owner, params);
    const countName = (i: number) => (counts.length > 1 ? `count ${i ? "shared" : "sent"}` : "count");
    const statements: [string, SQLWrapper][] = [["rows", rows], ...counts.map((c, i): [string, SQLWrapper] => [countName(i), c])];
    out[v.name] = [];
    for (const [statement, q] of statements) {
      await explain(db, q);
      const plan = await explain(db, q);
      const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
      out[v.name]!.push({ statement, executionMs, plan });
    }
    log(`  ${v.name.padEnd(16)} ${out[v.name]!.map((e) => `${e.statement} ${e.executionMs.toFixed(1)} ms`).join(", ")}`);
  }
  return out;
}

async function explain(db: Db, q: SQLWrapper): Promise<string> {
  const res = (await db.execute(sql`explain (analyze, buffers) ${q}`)) as unknown as { rows: Record<string, string>[] };
  return res.rows.map((r) => r["QUERY PLAN"]).join("\n");
}

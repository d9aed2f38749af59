/**
 * One database kind of the search bench (its own process: env() is read once
 * per process). For each size: the bench account's documents (bench/dashboard's
 * seed, documents of the previous size truncated first), then each search term
 * through listDocuments — what GET /public/v2/documents?search=… runs, minus
 * HTTP and JSON — alternating with the same list without the search (the
 * baseline), and the extension sorts next to the default order. The first
 * answer of every term is checked against the search as it was asked before
 * migration 0010 (ILIKE on each row, written out here), ids, order and total.
 * Prints one JSON line for run.ts.
 */
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { listDocumentsQuery, type ListDocumentsQuery } from "@/lib/api/documents";
import { closeDb, getDb, type Db } from "@/lib/server/db/client";
import { documents, recipients, users } from "@/lib/server/db/schema";
import { listDocuments } from "@/lib/server/documents/list-documents";
import { sharedWithUserWhere } from "@/lib/server/documents/document-access";
import { escapeLike } from "@/lib/server/db/escape-like";
import { median } from "../dashboard/measure";
import { seedDocuments } from "../dashboard/seed-documents";
import { COLLEAGUE, OWNER } from "../dashboard/create-account";

type User = typeof users.$inferSelect;
export type TermResult = { term: string; kind: "selective" | "broad" | "short"; matches: number; p50: number; p95: number; baselineP50: number; ok: boolean };
export type SortResult = { sort: string; p50: number; defaultP50: number };
export type SizeResult = { documents: number; seedSeconds: number; terms: TermResult[]; sorts: SortResult[] };

// Selective terms (a company, a surname, an e-mail fragment, nothing at all) carry the goals; a
// template name (a third of the documents) and a two-character text (no trigram) are reported.
export const TERMS: { term: string; kind: TermResult["kind"] }[] = [
  { term: "northwind", kind: "selective" },
  { term: "Kowalski", kind: "selective" },
  { term: "tanaka@", kind: "selective" },
  { term: "zzqx", kind: "selective" },
  { term: "nda", kind: "broad" },
  { term: "ko", kind: "short" },
];
const SORTS = ["sent_at", "sent_at&direction=asc", "expired_at", "name", "name&direction=desc", "state", "state&direction=desc"];

/** `seeded`: the database holds the bench account with sizes[0] documents already (a dataset of the api bench). */
const input = JSON.parse(process.env.BENCH_SEARCH_INPUT!) as {
  sizes: number[];
  runs: number;
  warmup: number;
  seeded?: boolean;
  account: { accountId: string; ownerId: string; colleagueId: string };
};
const log = (s: string) => console.error(s);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.95 * xs.length) - 1]!;
const q = (s: string): ListDocumentsQuery => listDocumentsQuery.parse(Object.fromEntries(new URLSearchParams(s)));

/** The search before migration 0010, row by row (the oracle): ids of the first page and the total. */
async function oracle(db: Db, user: User, search: string, perPage: number) {
  const pattern = `%${escapeLike(search)}%`;
  const where = and(
    or(eq(documents.senderUserId, user.id), sharedWithUserWhere(user)),
    or(
      ilike(documents.name, pattern),
      ilike(documents.filename, pattern),
      sql`exists (select 1 from ${recipients} where ${recipients.documentId} = ${documents.id} and (${ilike(recipients.name, pattern)} or ${ilike(recipients.email, pattern)}))`,
    ),
  );
  const rows = await db.select({ id: documents.id }).from(documents).where(where).orderBy(desc(documents.createdAt), desc(documents.id));
  return { ids: rows.slice(0, perPage).map((r) => r.id), total: rows.length };
}

async function timeAlternating(a: () => Promise<unknown>, b: () => Promise<unknown>, runs: number, warmup: number) {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const order = i % 2 ? [[a, ta], [b, tb]] : [[b, tb], [a, ta]];
    for (const [fn, into] of order as [() => Promise<unknown>, number[]][]) {
      const t0 = performance.now();
      await fn();
      if (i >= warmup) into.push(performance.now() - t0);
    }
  }
  return { a: ta, b: tb };
}

const db = await getDb();
const [owner] = await db.select().from(users).where(eq(users.email, OWNER.email));
if (!owner) throw new Error("no bench owner");
const out: SizeResult[] = [];
for (const size of input.sizes) {
  // The previous size's documents go by TRUNCATE, not DELETE: after a DELETE, PostgreSQL planned the
  // seed's recipients INSERT on the small size's statistics and ran it for over 18 minutes. The bench
  // database holds only the bench account's documents; the counter tables are emptied with them.
  const t0 = performance.now();
  if (!input.seeded) {
    await db.execute(sql`truncate documents, document_counts, document_share_counts cascade`);
    log(`  seeding ${size} documents`);
    await seedDocuments(db, { ...input.account, ownerEmail: OWNER.email, colleagueEmail: COLLEAGUE.email, count: size, indexBuildsAtOnce: process.env.DATABASE_URL ? 2 : 1 }, (l) => log(`  ${l}`));
  }
  const seedSeconds = (performance.now() - t0) / 1000;
  const runs = size >= 1_000_000 ? Math.max(5, Math.round(input.runs / 2)) : input.runs;
  const baseline = () => listDocuments(db, owner, q("per_page=10"));
  const terms: TermResult[] = [];
  for (const { term, kind } of TERMS) {
    const query = q(`search=${encodeURIComponent(term)}&per_page=10`);
    const got = await listDocuments(db, owner, query);
    const want = await oracle(db, owner, term, 10);
    const ids = got.details.map((d) => d.doc.id);
    const ok = JSON.stringify(ids) === JSON.stringify(want.ids) && got.totalPages === Math.max(1, Math.ceil(want.total / 10));
    if (!ok) log(`  MISMATCH "${term}": got ${ids.length} ids / ${got.totalPages} pages, want ${want.ids.length} / total ${want.total}`);
    const t = await timeAlternating(() => listDocuments(db, owner, query), baseline, kind === "selective" ? runs : Math.max(3, runs >> 1), input.warmup);
    terms.push({ term, kind, matches: want.total, p50: median(t.a), p95: p95(t.a), baselineP50: median(t.b), ok });
    log(`  ${size} "${term}" (${want.total} matches): p50 ${median(t.a).toFixed(1)} ms, p95 ${p95(t.a).toFixed(1)}; without search ${median(t.b).toFixed(1)}${ok ? "" : "  MISMATCH"}`);
  }
  const sorts: SortResult[] = [];
  for (const s of SORTS) {
    const t = await timeAlternating(() => listDocuments(db, owner, q(`sort=${s}&per_page=10`)), baseline, Math.max(3, runs >> 1), input.warmup);
    sorts.push({ sort: s, p50: median(t.a), defaultP50: median(t.b) });
    log(`  ${size} sort=${s}: p50 ${median(t.a).toFixed(1)} ms; default order ${median(t.b).toFixed(1)}`);
  }
  out.push({ documents: size, seedSeconds, terms, sorts });
}
await closeDb();
console.log(JSON.stringify(out));

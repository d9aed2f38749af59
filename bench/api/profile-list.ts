/**
 * Where the time of one list (or get) call goes, step by step, on a database
 * the api bench seeded and kept (BENCH_KEEP_DATA=1): each statement of
 * listDocuments, the details, the serialiser, JSON.stringify — in one plain
 * process, no HTTP and no Next (the api bench's constant route measures those).
 *
 *   DATA_DIR=/tmp/bench-dashboard-… npx tsx --conditions=react-server bench/api/profile-list.ts
 *   DATABASE_URL=postgres://… DATA_DIR=… npx tsx --conditions=react-server bench/api/profile-list.ts
 *   BENCH_RUNS (30), BENCH_PER_PAGE (100,10), BENCH_EXPLAIN=1 (EXPLAIN ANALYZE each statement once)
 */
import { eq, sql, type SQLWrapper } from "drizzle-orm";
import { closeDb, getDb } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { listDocumentsQuery } from "@/lib/api/documents";
import { listDocuments, listDocumentsQueries } from "@/lib/server/documents/list-documents";
import { loadDocumentDetails } from "@/lib/server/documents/load-document-details";
import { serializeDocument } from "@/lib/server/documents/serialize-document";
import { documentResponse } from "@/lib/server/documents/document-response";
import { getAccessibleDocumentOrThrow } from "@/lib/server/documents/document-access";
import { OWNER } from "../dashboard/create-account";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PER_PAGE = (process.env.BENCH_PER_PAGE ?? "100,10").split(",").map(Number);

const db = await getDb();
const [user] = await db.select().from(users).where(eq(users.email, process.env.BENCH_OWNER ?? OWNER.email));
if (!user) throw new Error("no bench owner in this database");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(label: string, fn: () => Promise<unknown> | unknown) {
  await fn(); // warm
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  console.log(`  ${label.padEnd(44)} ${median(ms).toFixed(2).padStart(8)} ms (median of ${RUNS})`);
}

async function explain(label: string, q: SQLWrapper) {
  const res = (await db.execute(sql`explain (analyze, buffers) ${q}`)) as unknown as { rows: Record<string, string>[] };
  console.log(`\n  EXPLAIN ANALYZE ${label}:\n    ${res.rows.map((r) => Object.values(r)[0]).join("\n    ")}`);
}

for (const perPage of PER_PAGE) {
  const query = listDocumentsQuery.parse({ per_page: String(perPage) });
  console.log(`\nper_page=${perPage}`);
  const q = () => listDocumentsQueries(db, user, query);
  await time("statement: page rows", () => q().rows);
  await time("statement: total", () => q().counts[0]);
  const { details } = await listDocuments(db, user, query);
  const page = details.map((d) => d.doc);
  await time("details (recipients, audits)", () => loadDocumentDetails(db, page, { knownSenders: [user] }));
  await time("serializeDocument × page", () => details.map((d) => serializeDocument(d, "v2", false, user.id)));
  const body = { documents: details.map((d) => serializeDocument(d, "v2", false, user.id)), meta: { total_pages: 1 } };
  await time(`JSON.stringify (${JSON.stringify(body).length} bytes)`, () => JSON.stringify(body));
  await time("listDocuments + serialise + stringify (whole)", async () => {
    const r = await listDocuments(db, user, query);
    return JSON.stringify({ documents: r.details.map((d) => serializeDocument(d, "v2", false, user.id)), meta: { total_pages: r.totalPages } });
  });
  if (process.env.BENCH_EXPLAIN === "1") {
    await explain("page rows", q().rows);
    await explain("total", q().counts[0]!);
  }
}

const firstId = (await listDocuments(db, user, listDocumentsQuery.parse({ per_page: "1" }))).details[0]!.doc.id;
console.log(`\nget ${firstId}`);
await time("statement: document by id (+ access)", () => getAccessibleDocumentOrThrow(db, user, firstId));
const doc = await getAccessibleDocumentOrThrow(db, user, firstId);
await time("documentResponse (details + serialise)", () => documentResponse(db, doc, "v2", user));
await time("whole get + stringify", async () => JSON.stringify(await documentResponse(db, await getAccessibleDocumentOrThrow(db, user, firstId), "v2", user)));
await closeDb();

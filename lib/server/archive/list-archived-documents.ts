import "server-only";
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { ArchivedSummary } from "@/lib/api/archived-list";
import type { Db } from "@/lib/server/db/client";
import { archivedDocuments, type users } from "@/lib/server/db/schema";

type User = typeof users.$inferSelect;
type ArchivedRow = typeof archivedDocuments.$inferSelect;

/**
 * Exactly the records getArchivedDocumentOrThrow would answer this user: the
 * ones imported for them, and — only once their address is confirmed — those
 * they sent or that were shared with them (by e-mail address, across accounts).
 */
function tiedTo(user: User): SQL {
  const own = eq(archivedDocuments.userId, user.id);
  if (user.emailConfirmedAt === null) return own;
  return or(
    own,
    eq(archivedDocuments.senderEmail, user.email),
    sql`${archivedDocuments.sharedWith} @> ${JSON.stringify([user.email])}::jsonb`,
  )!;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, "\\$&");

/** Every word must appear in the name, the GUID, or a signer's name or address (any case). */
function matching(q: string): SQL | undefined {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((w) => {
      const p = `%${escapeLike(w)}%`;
      // Legacy records may lack `signers` or hold something else there: only an array is searched.
      const signers = sql`case when jsonb_typeof(${archivedDocuments.data}->'signers') = 'array' then ${archivedDocuments.data}->'signers' else '[]'::jsonb end`;
      return or(
        ilike(sql`${archivedDocuments.data}->>'name'`, p),
        ilike(archivedDocuments.originalGuid, p),
        sql`exists (select 1 from jsonb_array_elements(${signers}) s where s->>'name' ilike ${p} or s->>'email' ilike ${p})`,
      )!;
    }),
  );
}

/**
 * The archived records the user may open, most recently imported first, a
 * page at a time. (Legacy timestamps are kept as the export wrote them, with
 * any offset, so they are not a reliable sort key in SQL.)
 */
export async function listArchivedDocuments(db: Db, user: User, input: { q: string; page: number; perPage: number }) {
  const where = and(tiedTo(user), matching(input.q));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(archivedDocuments)
      .where(where)
      .orderBy(desc(archivedDocuments.createdAt), desc(archivedDocuments.id))
      .limit(input.perPage)
      .offset((input.page - 1) * input.perPage),
    db.select({ n: count() }).from(archivedDocuments).where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    archived_documents: rows.map(summarise),
    meta: { total_pages: Math.max(1, Math.ceil(n / input.perPage)), total_count: n, page: input.page, per_page: input.perPage },
  };
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
const strOrNull = (v: unknown) => (typeof v === "string" && v ? v : null);

function summarise(row: ArchivedRow): ArchivedSummary {
  const d = row.data;
  const signers = Array.isArray(d.signers) ? (d.signers as Record<string, unknown>[]) : [];
  return {
    id: row.id,
    original_guid: row.originalGuid,
    name: str(d.name),
    document_state: str(d.document_state) || "executed",
    sender_email: row.senderEmail,
    document_sent_at: strOrNull(d.document_sent_at),
    document_executed_at: strOrNull(d.document_executed_at),
    signers: [...signers]
      .filter((s) => s && typeof s === "object")
      .sort((a, b) => (Number(a.sequence) || 0) - (Number(b.sequence) || 0))
      .map((s) => ({ name: str(s.name), email: str(s.email) })),
  };
}

import "server-only";
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { defaultDirection, type DocumentSort, type ListDocumentsQuery } from "@/lib/api/documents";
import type { Db } from "@/lib/server/db/client";
import { documents, recipients, type users } from "@/lib/server/db/schema";
import { loadDocumentDetails } from "./load-document-details";
import { sharedWithUserWhere } from "./document-access";
import { escapeLike } from "@/lib/server/db/escape-like";

type User = typeof users.$inferSelect;

/**
 * Documents the user may see (sent by them or shared with them), newest
 * first unless `sort` (extension) asks otherwise. `search` matches the name, the file name and recipients' names and
 * e-mails; `tags` keeps documents having every named tag (with the value, when given).
 */
export async function listDocuments(db: Db, user: User, query: ListDocumentsQuery) {
  const { rows, counts } = listDocumentsQueries(db, user, query);
  const [page, ...totals] = await Promise.all([rows, ...counts]);
  const total = totals.reduce((sum, [t]) => sum + (t?.n ?? 0), 0);
  return {
    details: await loadDocumentDetails(db, page),
    // At least one page, so a client paging `1..total_pages` always makes one call.
    totalPages: Math.max(1, Math.ceil(total / query.per_page)),
  };
}

/**
 * The statements of one list page (exported so bench/dashboard can EXPLAIN
 * them). Access is accessibleDocumentsWhere's rule — sent by the user, or
 * shared with their e-mail once it is confirmed — but asked as two disjoint sides instead of one
 * OR: an OR can use no index order, so every accessible row (wide rows: the
 * fields and pages travel with each document) was read and sorted for each
 * page. Each side now takes its newest `offset + per_page` ids on its own —
 * the sender's side walks documents_sender_idx (sender_user_id, created_at)
 * backwards and stops early, the shared side uses the GIN index on
 * shared_with — and only the page's rows are read in full. The sides are
 * counted apart and added (the shared side leaves out the user's own
 * documents, so nothing counts twice).
 */
export function listDocumentsQueries(db: Db, user: User, query: ListDocumentsQuery) {
  const filters: SQL[] = [];
  if (query.state?.length) filters.push(inArray(documents.state, query.state));
  if (query.template_id) filters.push(eq(documents.templateId, query.template_id));
  // jsonb containment (`@>`, name:value) and key existence (`?`, name): both operators a GIN index on tags serves.
  for (const tag of query.tags ?? []) {
    filters.push(
      tag.value === undefined
        ? sql`${documents.tags} ? ${tag.key}`
        : sql`${documents.tags} @> ${JSON.stringify({ [tag.key]: tag.value })}::jsonb`,
    );
  }
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    filters.push(
      or(
        ilike(documents.name, pattern),
        ilike(documents.filename, pattern),
        sql`exists (select 1 from ${recipients} where ${recipients.documentId} = ${documents.id} and (${ilike(recipients.name, pattern)} or ${ilike(recipients.email, pattern)}))`,
      )!,
    );
  }
  const sides = [
    eq(documents.senderUserId, user.id),
    and(sharedWithUserWhere(user), ne(documents.senderUserId, user.id))!,
  ].map((side) => and(side, ...filters)!);

  const offset = (query.page - 1) * query.per_page;
  const order = sortOrder(query.sort, query.direction ?? defaultDirection(query.sort));
  // Each side orders by the sort key (then newest first, then id: a total order, so pages never overlap).
  const newestOfSide = (where: SQL) =>
    db
      .select({ id: documents.id, key: order.key.as("sort_key"), createdAt: documents.createdAt })
      .from(documents)
      .where(where)
      .orderBy(order.by(order.key), desc(documents.createdAt), desc(documents.id))
      .limit(offset + query.per_page);
  const candidates = unionAll(newestOfSide(sides[0]!), newestOfSide(sides[1]!)).as("candidates");
  const pageIds = db
    .select({ id: candidates.id })
    .from(candidates)
    .orderBy(order.by(candidates.key), desc(candidates.createdAt), desc(candidates.id))
    .limit(query.per_page)
    .offset(offset);

  return {
    rows: db.select().from(documents).where(inArray(documents.id, pageIds)).orderBy(order.by(order.key), desc(documents.createdAt), desc(documents.id)),
    counts: sides.map((where) => db.select({ n: count() }).from(documents).where(where)),
  };
}

/**
 * The sort key of each order, as one SQL expression so the sides, the union
 * and the final read order alike. The default (created_at, newest first)
 * walks documents_sender_idx and stops after one page. The other keys have no
 * index of their own: the sender's documents are read through that index and
 * top-N sorted (bench/dashboard measures it; an index per key would make them
 * as fast as the default and needs a migration). Never-sent drafts come last
 * in both directions of `sent_at`; names compare without case; states follow
 * the document's life (draft, pending, executed, declined, expired, voided).
 */
function sortOrder(sort: DocumentSort, direction: "asc" | "desc") {
  const keys: Record<DocumentSort, SQL> = {
    created_at: sql`${documents.createdAt}`,
    // (infinity for drafts in the direction's far end: one orderable expression, nulls last both ways)
    sent_at: sql`coalesce(${documents.sentAt}, ${sql.raw(direction === "asc" ? "'infinity'" : "'-infinity'")}::timestamptz)`,
    expired_at: sql`${documents.expiresAt}`,
    name: sql`lower(${documents.name})`,
    state: sql`case ${documents.state} when 'draft' then 0 when 'editing' then 1 when 'pending' then 2 when 'executed' then 3 when 'declined' then 4 when 'expired' then 5 else 6 end`,
  };
  return { key: keys[sort], by: (k: SQLWrapper | AnyColumn) => (direction === "asc" ? asc(k) : desc(k)) };
}

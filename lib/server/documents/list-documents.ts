import "server-only";
import { and, asc, count, desc, eq, exists, ilike, inArray, ne, or, sql, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { defaultDirection, type DocumentSort, type ListDocumentsQuery } from "@/lib/api/documents";
import type { Db } from "@/lib/server/db/client";
import { documentCounts, documents, documentSearch, documentShareCounts, documentShares, documentStateRank, recipients, type users } from "@/lib/server/db/schema";
import { anyOf, listedDocumentColumns, loadDocumentDetails, type ListedDocumentRow } from "./load-document-details";
import { sharedWithUserWhere } from "./document-access";
import { escapeLike } from "@/lib/server/db/escape-like";

type User = typeof users.$inferSelect;

/**
 * Documents the user may see (sent by them or shared with them), newest
 * first unless `sort` (extension) asks otherwise. `search` matches the name, the file name and recipients' names and
 * e-mails; `tags` keeps documents having every named tag (with the value, when given).
 */
export async function listDocuments(db: Db, user: User, query: ListDocumentsQuery) {
  const { rows, counts, searchPage, rowsOf } = listDocumentsQueries(db, user, query);
  let page: (ListedDocumentRow & { total?: number })[];
  let total: number;
  if (searchPage) {
    // The page's ids and the total in one pass over the matches; past the last page there is no row
    // to carry the total, so only then is it counted apart.
    const hits = await searchPage;
    total = hits[0]?.total ?? (query.page > 1 ? Number((await counts[0]!)[0]?.n ?? 0) : 0);
    page = hits.length ? await rowsOf(hits.map((h) => h.id)) : [];
  } else {
    // The page's rows carry the total (see `rows`); past the last page none does, so only then is it counted apart.
    page = await rows;
    total = page[0]?.total ?? (query.page > 1 ? Number((await counts[0]!)[0]?.n ?? 0) : 0);
  }
  return {
    details: await loadDocumentDetails(db, page, { knownSenders: [user] }),
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
 * shared_with — and only the page's rows are read in full. The total adds
 * the two sides (the shared side leaves out the user's own documents, so
 * nothing counts twice) in one statement, totalQuery.
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
  // A search looks in document_search (one row per document, kept by triggers): the newest-first list
  // with at most a state filter takes its page and total there alone (searchHits); other sorts and
  // filters take the matching ids from it when the text has a trigram to look up (3+ characters),
  // each side reading only its matches. Otherwise, and for a text with a line break (the table's
  // separator), the search is a filter like the others (searchWhere), checked row by row.
  const searchable = query.search && !query.search.includes("\n") ? query.search : undefined;
  const hits =
    searchable && !query.template_id && !query.tags?.length && query.sort === "created_at" ? searchHits(db, user, query, searchable) : undefined;
  const matches = !hits && searchable && [...searchable].length >= 3 ? matchingIds(searchable) : undefined;
  if (query.search && !matches && !hits) filters.push(searchWhere(query.search));
  const sent = eq(documents.senderUserId, user.id);
  const shared = and(sharedWithUserWhere(user), ne(documents.senderUserId, user.id))!;
  // Among a search's matches (each read by primary key) the two sides are one: the OR costs nothing
  // there, and the matches are looked up once per statement.
  const sides = (matches ? [or(sent, shared)!, sql`false`] : [sent, shared]).map((side) => and(side, ...filters)!);
  const source = (where: SQL, i: number): Source => (matches && i === 0 ? { from: matchesOf(matches, where), where: undefined } : { from: documents, where });

  const offset = (query.page - 1) * query.per_page;
  const order = sortOrder(query.sort, query.direction ?? defaultDirection(query.sort));
  // Each side orders by the sort key (then newest first, then id: a total order, so pages never overlap).
  const newestOfSide = (side: SQL, i: number) =>
    db
      // (as SQL, not columns: drizzle refuses columns of a table it does not see in a FROM given as SQL)
      .select({ id: sql<string>`${documents.id}`.as("id"), key: order.key.as("sort_key"), createdAt: sql<Date>`${documents.createdAt}`.as("created_at") })
      .from(source(side, i).from)
      .where(source(side, i).where)
      .orderBy(order.by(order.key), desc(documents.createdAt), desc(documents.id))
      .limit(offset + query.per_page);
  const candidates = unionAll(newestOfSide(sides[0]!, 0), newestOfSide(sides[1]!, 1)).as("candidates");
  const pageIds = db
    .select({ id: candidates.id })
    .from(candidates)
    .orderBy(order.by(candidates.key), desc(candidates.createdAt), desc(candidates.id))
    .limit(query.per_page)
    .offset(offset);

  // Only the columns a listed document shows (listedDocumentColumns): the rest are most of a row's bytes.
  const rowsOf = (ids: SQLWrapper | string[]) =>
    db
      .select(listedDocumentColumns)
      .from(documents)
      .where(Array.isArray(ids) ? anyOf(documents.id, ids) : inArray(documents.id, ids))
      .orderBy(order.by(order.key), desc(documents.createdAt), desc(documents.id));

  // Without a search: the page's rows and the total in one statement that reads the shared side once.
  // Its rows (found through the GIN index on shared_with, each one a heap read: thousands for a user
  // many documents are shared with) are kept in a CTE that both the page's candidates and the count
  // take from; before, the page and the total each read them.
  const onlyStates = !query.template_id && !query.tags?.length && !query.search;
  // The newest-first list (every default page load) takes the shared side from document_shares:
  // walked in order and stopped after the page, counted from the same index; other sorts and filters
  // read the shared rows (sharedSide below).
  const sharesWalk = onlyStates && query.sort === "created_at" && user.emailConfirmedAt !== null ? sharesOf(user, query) : undefined;
  const sharedSide = db
    .$with("shared_side")
    .as(
      db
        .select({ id: sql<string>`${documents.id}`.as("id"), key: order.key.as("sort_key"), createdAt: sql<Date>`${documents.createdAt}`.as("created_at") })
        .from(documents)
        .where(sides[1]),
    );
  const sharedNewest = db
    .select({ id: sharedSide.id, key: sharedSide.key, createdAt: sharedSide.createdAt })
    .from(sharedSide)
    .orderBy(order.by(sharedSide.key), desc(sharedSide.createdAt), desc(sharedSide.id))
    .limit(offset + query.per_page);
  const sharesNewest = sharesWalk
    ? db
        .select({ id: sql<string>`${documentShares.documentId}`.as("id"), key: sql<Date>`${documentShares.createdAt}`.as("sort_key"), createdAt: sql<Date>`${documentShares.createdAt}`.as("created_at") })
        .from(documentShares)
        .where(sharesWalk)
        .orderBy(order.by(documentShares.createdAt), desc(documentShares.createdAt), desc(documentShares.documentId))
        .limit(offset + query.per_page)
    : undefined;
  const pageCandidates = unionAll(newestOfSide(sides[0]!, 0), sharesNewest ?? sharedNewest).as("candidates");
  const pageIdsOnce = db
    .select({ id: pageCandidates.id })
    .from(pageCandidates)
    .orderBy(order.by(pageCandidates.key), desc(pageCandidates.createdAt), desc(pageCandidates.id))
    .limit(query.per_page)
    .offset(offset);
  // The shared side's total from document_share_counts (a few rows per e-mail), not its index entries.
  const sharedTotal = sharesWalk ? sharedCountOf(db, user, query) : sql`(select count(*) from ${sql.identifier("shared_side")})`;
  const pageWithTotal = (sharesWalk ? db : db.with(sharedSide))
    .select({
      ...listedDocumentColumns,
      total: sql<number>`${sentTotal(db, user, query, sides[0]!, onlyStates)} + ${sharedTotal}`.mapWith(Number),
    })
    .from(documents)
    .where(inArray(documents.id, pageIdsOnce))
    .orderBy(order.by(order.key), desc(documents.createdAt), desc(documents.id));
  const hitsPage = hits && db.select({ id: hits.id, createdAt: hits.createdAt }).from(hits).orderBy(order.by(hits.createdAt), desc(hits.createdAt), desc(hits.id));
  return {
    /** Without a search, the page's rows, each carrying the list's total (what listDocuments runs). */
    rows: hitsPage ? rowsOf(db.select({ id: sql<string>`page.id` }).from(hitsPage.limit(query.per_page).offset(offset).as("page"))) : matches ? rowsOf(pageIds) : pageWithTotal,
    /** The total alone: for a page past the end (no row to carry it), and EXPLAIN. */
    counts: [hits ? db.select({ n: count() }).from(hits) : totalQuery(db, user, query, sides.map(source) as [Source, Source], onlyStates)],
    /**
     * A search's page ids with the number of all its hits (count(*) over the window): the matches are
     * looked up once per request instead of once for the rows and again for the total. listDocuments
     * runs this, then `rowsOf` its ids; `rows` and `counts` stay the two-statement form (EXPLAIN, and
     * the total of a page past the end).
     */
    searchPage: hits
      ? db
          .select({ id: hits.id, total: sql<number>`count(*) over ()`.mapWith(Number).as("total") })
          .from(hits)
          .orderBy(order.by(hits.createdAt), desc(hits.createdAt), desc(hits.id))
          .limit(query.per_page)
          .offset(offset)
      : matches
      ? db
          .select({ id: sql<string>`${documents.id}`.as("id"), total: sql<number>`count(*) over ()`.mapWith(Number).as("total") })
          .from(matchesOf(matches, sides[0]!))
          .orderBy(order.by(order.key), desc(documents.createdAt), desc(documents.id))
          .limit(query.per_page)
          .offset(offset)
      : undefined,
    rowsOf,
  };
}

type Source = { from: typeof documents | SQL; where: SQL | undefined };

/**
 * The shared side as rows of document_shares (kept by triggers, migration 0012): shared with the
 * user's confirmed e-mail, not their own, in the asked states. The same rows as the shared side on
 * documents (sharedWithUserWhere without the user's own documents), read from one index.
 */
function sharesOf(user: User, query: ListDocumentsQuery): SQL {
  return and(
    eq(documentShares.email, user.email),
    ne(documentShares.senderUserId, user.id),
    query.state?.length ? inArray(documentShares.state, query.state) : undefined,
  )!;
}

/**
 * The number of documents shared with the user's confirmed e-mail, not their own, in the asked states
 * — sharesOf's rows, counted by triggers (document_share_counts, migration 0014) — as a scalar subquery.
 */
function sharedCountOf(db: Db, user: User, query: ListDocumentsQuery): SQL {
  return sql`(${db
    .select({ n: sql`coalesce(sum(${documentShareCounts.n}), 0)` })
    .from(documentShareCounts)
    .where(
      and(
        eq(documentShareCounts.email, user.email),
        ne(documentShareCounts.senderUserId, user.id),
        query.state?.length ? inArray(documentShareCounts.state, query.state) : undefined,
      ),
    )})`;
}

/**
 * The list's total in one statement. The sender's side comes from document_counts (kept by triggers,
 * migration 0010) when only states filter it — the unfiltered list and the state filter, the ones
 * every page load asks — so no request counts 100,000 rows; other filters count the matching rows.
 * The shared side is counted (the GIN index on shared_with finds its few rows).
 */
/** The sender's side of the total as a scalar subquery: document_counts when only states filter, else counted. */
function sentTotal(db: Db, user: User, query: ListDocumentsQuery, sent: SQL, onlyStates: boolean): SQL {
  if (!onlyStates) return sql`(${db.select({ n: count() }).from(documents).where(sent)})`;
  return sql`(${db
    .select({ n: sql`coalesce(sum(${documentCounts.n}), 0)` })
    .from(documentCounts)
    .where(and(eq(documentCounts.senderUserId, user.id), query.state?.length ? inArray(documentCounts.state, query.state) : undefined))})`;
}

function totalQuery(db: Db, user: User, query: ListDocumentsQuery, [sent, shared]: [Source, Source], onlyStates: boolean) {
  const sharedCount = sql`(${db.select({ n: count() }).from(shared.from).where(shared.where)})`;
  if (!onlyStates) return db.select({ n: sql<number>`count(*) + ${sharedCount}`.mapWith(Number) }).from(sent.from).where(sent.where);
  return db
    .select({ n: sql<number>`coalesce(sum(${documentCounts.n}), 0) + ${sharedCount}`.mapWith(Number) })
    .from(documentCounts)
    .where(and(eq(documentCounts.senderUserId, user.id), query.state?.length ? inArray(documentCounts.state, query.state) : undefined));
}

/**
 * `search`: a case-insensitive substring of the name, the file name, or a recipient's name or e-mail
 * (ILIKE '%…%'). Text shorter than three characters has no trigram to look up: it is this filter,
 * checked row by row (the sender's newest rows until a page is full; the total reads them all).
 */
function searchWhere(search: string): SQL {
  const pattern = `%${escapeLike(search)}%`;
  return or(
    ilike(documents.name, pattern),
    ilike(documents.filename, pattern),
    sql`exists (select 1 from ${recipients} where ${recipients.documentId} = ${documents.id} and (${ilike(recipients.name, pattern)} or ${ilike(recipients.email, pattern)}))`,
  )!;
}

/**
 * The search on document_search's text (the parts lower-cased, one per line): LIKE with the pattern
 * lower-cased by PostgreSQL's own lower() is ILIKE on each part — PostgreSQL's ILIKE lower-cases both
 * sides — as long as the text has no line break (the callers check). The trigram index pre-selects,
 * LIKE checks each candidate.
 */
const searchTextLike = (search: string): SQL => sql`${documentSearch.text} like lower(${`%${escapeLike(search)}%`})`;

/**
 * Whether the trigram index surely narrows a search: pg_trgm takes trigrams from runs of letters
 * and digits, so three in a row give one that must match. searchHits reads the matches in one pass
 * only then; other texts keep its two sides, each narrowed by its own index.
 */
const hasTrigram = (search: string) => /[\p{L}\p{N}]{3}/u.test(search);

/** The ids of the documents a search of 3+ characters matches, for the sorts and filters searchHits does not serve. */
function matchingIds(search: string): SQL {
  return sql`select ${documentSearch.documentId} as matched_id from ${documentSearch} where ${searchTextLike(search)}`;
}

/**
 * A search of the newest-first list, with at most a state filter, from document_search alone: the
 * sender's matching rows, and the matching documents shared with the user (document_shares, as the
 * list without a search), each with its creation time — the page's order and the total without
 * reading one document row per match.
 *
 * A text with a trigram (hasTrigram) is looked up once in the trigram index, and each match is
 * kept if the user sent it or it is among their shares (one lookup in document_shares): one pass
 * over the matches. As two sides (sent, then shares joined to the matches) the index and the
 * matches' rows were read twice — 9,700 matches at 100,000 documents cost ~20 ms more on PGlite.
 * Other texts keep the two sides: without a trigram the index cannot narrow the search, and one
 * pass would read every account's rows; the sides read the sender's rows of this narrow table
 * (document_search_sender_idx) and the user's shares.
 */
function searchHits(db: Db, user: User, query: ListDocumentsQuery, search: string) {
  const columns = { id: sql<string>`${documentSearch.documentId}`.as("id"), createdAt: sql<Date>`${documentSearch.createdAt}`.as("created_at") };
  const sentWhere = and(eq(documentSearch.senderUserId, user.id), query.state?.length ? inArray(documentSearch.state, query.state) : undefined)!;
  if (user.emailConfirmedAt === null) return db.select(columns).from(documentSearch).where(and(sentWhere, searchTextLike(search))).as("hits");
  if (hasTrigram(search)) {
    // One primary-key lookup in document_shares per match the user did not send (its key is (email,
    // document_id): one share per document, so these are the join's rows). Not `IN (their shares)`: that
    // set is hashed only while it fits work_mem, past ~100,000 shares it would be scanned per match.
    const shared = db
      .select({ one: sql`1` })
      .from(documentShares)
      .where(and(eq(documentShares.documentId, documentSearch.documentId), sharesOf(user, query)));
    return db
      .select(columns)
      .from(documentSearch)
      .where(and(searchTextLike(search), or(sentWhere, exists(shared))))
      .as("hits");
  }
  const sent = db.select(columns).from(documentSearch).where(and(sentWhere, searchTextLike(search)));
  const shared = db
    .select(columns)
    .from(documentShares)
    .innerJoin(documentSearch, eq(documentSearch.documentId, documentShares.documentId))
    .where(and(sharesOf(user, query), searchTextLike(search)));
  return unionAll(sent, shared).as("hits");
}

/**
 * A side's documents among the matches, under the name "documents" (so the sort keys and columns
 * read as usual): each match is looked up by primary key and kept if it belongs to the side. The
 * OFFSET 0 keeps the planner from turning this into a join that walks all of the user's documents
 * (it did: 95,000 rows read per search); the cost follows the number of matches, not the account.
 */
function matchesOf(matches: SQL, side: SQL): SQL {
  return sql`(${matches}) as matched cross join lateral (select * from ${documents} where ${documents.id} = matched.matched_id and ${side} offset 0) as ${documents}`;
}

/**
 * The sort key of each order, as one SQL expression so the sides, the union
 * and the final read order alike. The default (created_at, newest first)
 * walks documents_sender_idx and stops after one page; each other key has
 * indexes on these very expressions (migration 0010, schema/documents.ts), so
 * its sender side stops after one page too. Never-sent drafts come last
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
    state: documentStateRank(documents.state),
  };
  return { key: keys[sort], by: (k: SQLWrapper | AnyColumn) => (direction === "asc" ? asc(k) : desc(k)) };
}

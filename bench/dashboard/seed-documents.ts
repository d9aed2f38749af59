import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";

/**
 * Fills the bench account with `count` documents in a few bulk statements
 * (INSERT … SELECT generate_series), copying each from one of the account's
 * templates (fields, pages, files, roles) as cloneTemplateToDocument does,
 * with recipients and an audit trail shaped like that function's.
 *
 * Document i (1 = newest) was created i × 14 minutes ago (100,000 span ~2.7
 * years). The newest 3,000 (~29 days, none past expiry, so the expiry job has
 * nothing to do) are 80 % pending, 10 % draft, 5 % declined, 5 % voided;
 * older ones 75 % executed, 10 % expired, 5 % voided, 5 % declined, 5 %
 * draft. One in 20 is sent by the colleague (half of those shared with the
 * owner); one in 50 of the owner's is shared with the colleague. Names are
 * "<template> – <company>", the first signer works at that company.
 */
export const COMPANIES = [
  "Northwind Traders", "Contoso", "Fabrikam", "Globex", "Initech", "Umbrella Health", "Stark Logistics", "Wayne Foods",
  "Acme Tools", "Tyrell Systems", "Cyberdyne", "Soylent Farms", "Hooli", "Pied Piper", "Vandelay Imports", "Dunder Mifflin",
  "Oscorp", "Massive Dynamic", "Wonka Sweets", "Gringotts Finance", "Monarch Solutions", "Aperture Labs", "Black Mesa",
  "Blue Sun", "Prestige Worldwide", "Sterling Cooper", "Bluth Company", "Los Pollos", "Krusty Krab", "Duff Brewing",
  "Gekko & Co", "Ollivanders", "Nakatomi Trading", "Zorg Industries", "Weyland Corp", "Rekall", "Omni Consumer",
  "Virtucon", "Spacely Sprockets", "Cogswell Cogs",
];
const FIRST = ["Anna", "Ben", "Chloe", "David", "Emma", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Kira", "Liam", "Mona", "Nils", "Olga", "Pablo", "Quinn", "Rosa", "Sven", "Tara"];
const LAST = ["Adler", "Brooks", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Hansen", "Ivanova", "Jensen", "Kowalski", "Lopez", "Meyer", "Novak", "Okafor", "Petrov", "Rossi", "Schmidt", "Tanaka", "Weber"];
const DEPARTMENTS = ["emea", "amer", "apac"];

/** A constant text[] literal (our own word lists, quotes escaped). */
const textArray = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]::text[]`);

/** A seeded audit entry's hash: of its document and position, so the entry before's is known without a lookup. */
const placeholderHash = (seq: SQL) => sql`encode(sha256(convert_to(document_id || ':' || ${seq}, 'UTF8')), 'hex')`;

export type SeedInput = {
  accountId: string;
  ownerId: string;
  colleagueId: string;
  ownerEmail: string;
  colleagueEmail: string;
  count: number;
  /** Index builds run at once after the bulk writes: 2 on PostgreSQL (a process each; 2 cores), 1 on PGlite (one connection). */
  indexBuildsAtOnce?: number;
};

/**
 * Runs bulk bench writes without the answer cache's triggers (migration 0015), which run once per row
 * at commit (~1 s per 100,000 rows) to raise versions no server has read yet: the benches seed before
 * starting theirs, and the cache lives in the server's memory.
 */
export async function withoutListVersionTriggers<T>(db: Db, write: () => Promise<T>): Promise<T> {
  const set = async (action: "enable" | "disable") => {
    for (const table of ["documents", "recipients", "audits"]) await db.execute(sql.raw(`alter table ${table} ${action} trigger ${table}_list_versions`));
  };
  await set("disable");
  try {
    return await write();
  } finally {
    await set("enable");
  }
}

/**
 * Seeds the account (documents, recipients, audit trails) and the search table's text,
 * then VACUUM ANALYZE. The tables' secondary indexes are dropped for the bulk writes and built again
 * after them, as a bulk load into PostgreSQL is done: maintaining 16 indexes on documents (4 of them
 * GIN) row by row made a million documents take over 16 minutes on PostgreSQL.
 */
export async function seedDocuments(db: Db, s: SeedInput, log: (line: string) => void) {
  const lanes = s.indexBuildsAtOnce ?? 1;
  await withoutListVersionTriggers(db, () =>
    withoutSecondaryIndexes(db, ["document_search"], lanes, log, async () => {
      await withoutSecondaryIndexes(db, ["documents", "recipients", "audits"], lanes, log, () =>
        // One transaction with more sort memory: the audit trails' numbering sorts every entry (4.4 million
        // at a million documents), which spills to disk with the default 4 MB.
        db.transaction(async (tx) => {
          await tx.execute(sql`set local work_mem = '256MB'`);
          await seedRows(tx as unknown as Db, s, log);
        }),
      );
      // What the recipients' search trigger (disabled in seedRows) would have written, in one statement
      // with the migration's own function, once recipients_document_idx is back for its lookups.
      await timed(log, "search text", () => db.execute(sql`
        update document_search s set text = document_search_text(d.name, d.filename, d.id)
        from documents d where d.id = s.document_id and d.account_id = ${s.accountId}`));
    }),
  );
  // Planner statistics and the visibility map, as autovacuum would leave them on a server. PGlite has
  // no autovacuum: BENCH_VACUUM=0 leaves the database as an embedded deployment would have it.
  if (process.env.BENCH_VACUUM !== "0") await timed(log, "vacuum analyze", () => db.execute(sql`vacuum analyze`));
}

async function timed(log: (line: string) => void, label: string, work: () => Promise<unknown>) {
  const t0 = performance.now();
  await work();
  log(`  ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

/**
 * Runs `write` with the tables' indexes dropped, other than primary keys and those behind constraints
 * (unique keys), and builds them again afterwards from their own definitions, whatever happened: a
 * failed seed leaves the schema whole, and its own error is the one thrown (a build failing after it
 * is logged). Each index is built in a transaction of its own with more sort memory, `lanes` at once
 * (each on a connection of its own: PostgreSQL builds one index per process), so one that fails
 * costs only itself.
 */
async function withoutSecondaryIndexes<T>(db: Db, tables: string[], lanes: number, log: (line: string) => void, write: () => Promise<T>): Promise<T> {
  const { rows } = (await db.execute(sql`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
    where t.relnamespace = current_schema()::regnamespace and t.relname in (${sql.join(tables.map((t) => sql`${t}`), sql`, `)})
      and not i.indisprimary and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by c.relname`)) as unknown as { rows: IndexDefinition[] };
  const dropped: IndexDefinition[] = [];
  const rebuild = () => timed(log, `${dropped.length} indexes of ${tables.join(", ")} built (${lanes} at a time)`, () => buildIndexes(db, dropped, lanes));
  let result: T;
  try {
    for (const r of rows) {
      await db.execute(sql`drop index ${sql.identifier(r.name)}`);
      dropped.push(r);
    }
    result = await write();
  } catch (e) {
    await rebuild().catch((b: Error) => log(`  rebuilding the dropped indexes after the failure failed too: ${b.message}`));
    throw e;
  }
  await rebuild();
  return result;
}

type IndexDefinition = { name: string; def: string };

/** Builds the indexes, `lanes` at a time, each in its own transaction; throws naming those that failed. */
async function buildIndexes(db: Db, indexes: IndexDefinition[], lanes: number) {
  // GIN builds are the long ones and use one process each: spread them over the lanes first.
  const queue = [...indexes].sort((a, b) => Number(/ using gin /i.test(b.def)) - Number(/ using gin /i.test(a.def)));
  const failed: string[] = [];
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(lanes, queue.length)) }, async (_, lane) => {
      for (const index of queue.filter((_, i) => i % lanes === lane)) {
        await db
          .transaction(async (tx) => {
            await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
            await tx.execute(sql.raw(index.def));
          })
          .catch((e: Error) => failed.push(`${index.name}: ${e.message}`));
      }
    }),
  );
  if (failed.length) throw new Error(`could not build ${failed.length} of ${indexes.length} indexes: ${failed.join("; ")}`);
}

async function seedRows(db: Db, s: SeedInput, log: (line: string) => void) {
  const step = (label: string, query: SQL) => timed(log, label, () => db.execute(query));
  const state = sql`case when i <= 3000
      then (array['pending','pending','pending','pending','pending','pending','pending','pending','pending','pending','pending','pending','pending','pending','pending','pending','draft','draft','declined','voided'])[1 + i % 20]
      else (array['executed','executed','executed','executed','executed','executed','executed','executed','executed','executed','executed','executed','executed','executed','executed','expired','expired','voided','declined','draft'])[1 + i % 20] end`;


  await step(`${s.count} documents`, sql`
    with t as (select row_number() over (order by created_at, id) - 1 as k, count(*) over () as n, *
               from templates where account_id = ${s.accountId} and deleted_at is null),
    g as (select i, now() - i * interval '14 minutes' - (i::bigint * 7919 % 600) * interval '1 second' as at, ${state} as state
          from generate_series(1, ${s.count}::int) as i)
    insert into documents (id, account_id, sender_user_id, template_id, name, filename, state, identity_method, signer_sequencing,
      tags, shared_with, fields, merge_fields, original_file_key, pages, current_signer_id, sent_at, expires_at, executed_at, created_at, updated_at)
    select md5('bench-doc-' || g.i), t.account_id, case when g.i % 20 = 7 then ${s.colleagueId} else ${s.ownerId} end, t.id,
      t.name || ' – ' || (${textArray(COMPANIES)})[1 + g.i % ${COMPANIES.length}], t.filename, g.state, t.identity_method, t.signer_sequencing,
      case when g.i % 10 < 7 then t.tags || jsonb_build_object('quarter', 'Q' || (1 + g.i % 4), 'region', (${textArray(DEPARTMENTS)})[1 + g.i % 3]) else '{}'::jsonb end,
      case when g.i % 40 = 7 then jsonb_build_array(${s.ownerEmail}::text) when g.i % 50 = 3 then jsonb_build_array(${s.colleagueEmail}::text) else '[]'::jsonb end,
      t.fields, t.merge_fields, t.original_file_key, t.pages,
      case when g.state = 'pending' then md5(md5('bench-doc-' || g.i) || ':' || (1 + g.i % 2)) end,
      case when g.state <> 'draft' then g.at end, g.at + interval '30 days',
      case when g.state = 'executed' then g.at + (g.i % 72) * interval '1 hour' end, g.at, g.at + interval '3 days'
    from g join t on t.k = g.i % t.n`);

  // One recipient per template role; the first signer works at the company named in the document.
  // Without the search trigger, which would rewrite every document's search text row by row: seedDocuments
  // writes it once the indexes are back.
  await db.execute(sql`alter table recipients disable trigger recipients_search_insert`);
  try {
    await step("recipients", sql`
    insert into recipients (id, document_id, role_name, name, email, status, message, sequence, viewed_at, signed_at, declined_at, decline_reason, created_at)
    select md5(d.id || ':' || r.n), d.id, r.role->>'name', p.name, p.email, p.status, coalesce(r.role->>'message', ''), (r.role->>'sequence')::int,
      case when p.status in ('signed', 'declined') then d.created_at + interval '1 hour' end,
      case when p.status = 'signed' then coalesce(d.executed_at, d.created_at + interval '1 hour') end,
      case when p.status = 'declined' then d.created_at + interval '2 hours' end,
      case when p.status = 'declined' then 'The terms are not acceptable.' end, d.created_at
    from documents d
    join templates t on t.id = d.template_id
    cross join lateral jsonb_array_elements(t.roles) with ordinality as r(role, n)
    cross join lateral (select
        (${textArray(FIRST)})[1 + get_byte(decode(d.id, 'hex'), r.n::int) % ${FIRST.length}] as first,
        (${textArray(LAST)})[1 + get_byte(decode(d.id, 'hex'), 4 + r.n::int) % ${LAST.length}] as last,
        case when r.n = 1 then lower(regexp_replace(split_part(d.name, ' – ', 2), '\W+', '', 'g')) || '.example' else 'bench.example' end as domain) as w
    cross join lateral (select w.first || ' ' || w.last as name, lower(w.first || '.' || w.last || '@' || w.domain) as email,
        case when d.state = 'executed' then 'signed'
             when d.state = 'declined' then case when r.n = 1 then 'signed' else 'declined' end
             when d.state = 'pending' and r.n = 1 and d.current_signer_id = md5(d.id || ':2') then 'signed'
             else 'pending' end as status) as p
    where d.account_id = ${s.accountId}`);
  } finally {
    await db.execute(sql`alter table recipients enable trigger recipients_search_insert`);
  }

  // The trail cloneTemplateToDocument writes: created, sent, one entry per signature or decline, and how it
  // ended, with the hash chain's fields already set (seq per document in time order, prev_hash the entry
  // before): otherwise the server's start-up would chain every entry a document at a time
  // (chainUnhashedAudits) before its first answer, longer than any bench. The hashes are placeholders of
  // the chain's shape (a /verify of these documents reports a broken chain); no bench verifies a trail.
  await step("audits", sql`
    with e as (
      select d.id as document_id, d.account_id, a.user_id, null as recipient_id, a.keyword, a.payload, a.at, a.ord
      from documents d join users u on u.id = d.sender_user_id
      cross join lateral (values
        ('created', d.sender_user_id, 'Document created by ' || u.name || ' (' || u.email || ').', d.created_at, 1),
        ('sent', d.sender_user_id, 'Document sent to the signers.', d.sent_at, 2),
        ('executed', null, 'The document was executed: all signers have signed.', d.executed_at, 4),
        ('voided', d.sender_user_id, 'Document voided by ' || u.name || ' (' || u.email || ').', case when d.state = 'voided' then d.created_at + interval '2 days' end, 4),
        ('expired', null, 'The document expired before all signers had signed.', case when d.state = 'expired' then d.expires_at end, 4)
      ) as a(keyword, user_id, payload, at, ord)
      where d.account_id = ${s.accountId} and a.at is not null
      union all
      select d.id, d.account_id, null, r.id, r.status, r.name || ' (' || r.email || ') ' || r.status || ' the document.', coalesce(r.signed_at, r.declined_at), 3
      from recipients r join documents d on d.id = r.document_id
      where d.account_id = ${s.accountId} and r.status in ('signed', 'declined')),
    n as (select e.*, row_number() over (partition by document_id order by at, ord, recipient_id) as seq from e)
    insert into audits (document_id, account_id, user_id, recipient_id, keyword, payload, created_at, seq, hash, prev_hash)
    select document_id, account_id, user_id, recipient_id, keyword, payload, at, seq, ${placeholderHash(sql`seq`)},
      case when seq > 1 then ${placeholderHash(sql`seq - 1`)} end
    from n
    -- the window's own order, so no second sort: each document's entries get ids in seq order, as the
    -- trail is read by id (load-document-details.ts)
    order by document_id, at, ord, recipient_id`);
}

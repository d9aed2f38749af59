// document_counts (the documents list's totals, kept by triggers since
// migration 0010) after multi-row UPDATEs, on a server of its own:
// - PostgreSQL: two transactions each voiding two documents of one sender in
//   one statement, in opposite orders of state (A: pending then draft, B:
//   draft then pending), overlapping, both commit: no deadlock. A pause
//   trigger of the test's own (after each row, only in the racing sessions)
//   makes the overlap certain instead of a matter of luck, as a statement
//   over thousands of rows (the expiry sweep) would make it in production.
//   The control case puts migration 0010's per-row trigger back and shows the
//   same race ending in "deadlock detected".
// - Both databases: after multi-row state and sender changes, swaps whose
//   deltas cancel out, updates that change neither column, and concurrent
//   voids through the API (the dashboard's bulk void calls the same route
//   once per document), the counters equal `count(*) ... group by` and the
//   list's totals equal the documents it lists.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { api } from "./helpers";
import { importTemplateAt, prepareOwnServer, TWO_SIGNER_TEMPLATE, type OwnServerSetup } from "./support/own-server";

const DORA = { email: "dora@counts.example", password: "counts-Pa55word-e2e", name: "Dora Counts" };
const SID = { email: "sid@counts.example", password: "counts-Pa55word-e2e", name: "Sid Second" };
const STATES = ["draft", "pending", "executed", "declined", "expired", "voided"];
const ROLES = ["--role", "First=Fay First <fay@counts.example>", "--role", "Second=Sam Second <sam@counts.example>"];
/** How long each racing statement pauses after each row (the overlap: B starts PAUSE_MS / 2 after A). */
const PAUSE_MS = 800;

let setup: OwnServerSetup;
let token = "";
let sidToken = "";
const ids = { doraPending: [] as string[], doraDraft: [] as string[], sidPending: [] as string[], shared: [] as string[] };
const users = { dora: "", sid: "" };

const list = (xs: string[]) => xs.map((x) => `'${x}'`).join(", ");

const pgOnly = () => (setup.database?.url ? "" : "two transactions at once need PostgreSQL (TEST_DATABASE_URL): embedded PGlite is one connection");

/** SQL on the server's database; PGlite is one process, so the server is stopped around it there. */
async function sql(statements: (string | { text: string; params: unknown[] })[]) {
  if (setup.database?.url) return setup.sql(statements);
  await setup.server!.stop();
  try {
    return await setup.sql(statements);
  } finally {
    await setup.server!.start();
  }
}

const COUNTED = `select sender_user_id, state, n::int as n from document_counts where n <> 0 order by 1, 2`;
const COUNTING = `select sender_user_id, state, count(*)::int as n from documents group by 1, 2 order by 1, 2`;
// document_share_counts (migration 0014): documents per (e-mail shared with, sender, state), an e-mail listed twice counted once
const SHARES_COUNTED = `select email, sender_user_id, state, n::int as n from document_share_counts where n <> 0 order by 1, 2, 3`;
const SHARES_COUNTING = `select s.email, s.sender_user_id, s.state, count(*)::int as n
  from (select distinct e.email, d.id, d.sender_user_id, d.state from documents d cross join lateral jsonb_array_elements_text(d.shared_with) as e(email)) s
  group by 1, 2, 3 order by 1, 2, 3`;

async function expectCountsEqualCounting(why: string, extra: (string | { text: string; params: unknown[] })[] = []) {
  const out = await sql([...extra, COUNTED, COUNTING, SHARES_COUNTED, SHARES_COUNTING]);
  const [counted, counting, sharesCounted, sharesCounting] = out.slice(-4);
  expect(counted!.rows, why).toEqual(counting!.rows);
  expect(sharesCounted!.rows, `${why} (shares)`).toEqual(sharesCounting!.rows);
}

/** The list's total as it states it (one document per page: total_pages is the count). */
async function total(query: Record<string, string> = {}, as = token) {
  const res = await api(`${setup.server!.baseUrl}/public/v2/documents`, { token: as, query: { ...query, per_page: 1 } });
  expect(res.status, res.text).toBe(200);
  return res.body.documents.length === 0 ? 0 : (res.body.meta.total_pages as number);
}

async function expectTotalsMatchTheList(as = token) {
  const docs: { id: string; state: string }[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const res = await api(`${setup.server!.baseUrl}/public/v2/documents`, { token: as, query: { per_page: 100, page } });
    expect(res.status, res.text).toBe(200);
    pages = res.body.meta.total_pages;
    docs.push(...res.body.documents);
  }
  expect(await total({}, as), "total").toBe(docs.length);
  for (const state of STATES) expect(await total({ state }, as), `state=${state}`).toBe(docs.filter((d) => d.state === state).length);
  return docs;
}

type Racer = { client: pg.Client; order: string[]; error: string; committed: boolean };

/**
 * One transaction: a single UPDATE voiding `docIds` in that order (a nested
 * loop over the VALUES list drives the order in which rows are updated, and
 * so the order of their row triggers), the pause trigger active, then COMMIT.
 */
async function racer(docIds: string[], startAfterMs: number): Promise<Racer> {
  const client = new pg.Client({ connectionString: setup.database!.url });
  await client.connect();
  const r: Racer = { client, order: [], error: "", committed: false };
  await new Promise((res) => setTimeout(res, startAfterMs));
  try {
    await client.query("begin");
    await client.query(`set local test.pause_ms = '${PAUSE_MS}'`);
    for (const s of ["enable_hashjoin", "enable_mergejoin", "enable_seqscan", "enable_bitmapscan"]) await client.query(`set local ${s} = off`);
    const values = docIds.map((_, i) => `(${i}, $${i + 1}::text)`).join(", ");
    const res = await client.query(
      `update documents d set state = 'voided', updated_at = now() from (values ${values}) v(o, id) where d.id = v.id returning d.id`,
      docIds,
    );
    r.order = res.rows.map((row) => row.id);
    await client.query("commit");
    r.committed = true;
  } catch (e) {
    r.error = `${(e as { code?: string }).code ?? ""} ${(e as Error).message}`;
    await client.query("rollback").catch(() => {});
  } finally {
    await client.end();
  }
  return r;
}

/** A pauses after each row's triggers; B starts halfway through A's first pause. */
async function race(a: string[], b: string[]) {
  const [ra, rb] = await Promise.all([racer(a, 0), racer(b, PAUSE_MS / 2)]);
  return { a: ra, b: rb };
}

const PAUSE_TRIGGER = [
  // Fires after each updated row's own triggers (same event: alphabetical order), only in sessions that set test.pause_ms.
  `create or replace function test_pause_after_row() returns trigger language plpgsql as $$
   begin
     if coalesce(current_setting('test.pause_ms', true), '') <> '' then
       perform pg_sleep(current_setting('test.pause_ms')::int / 1000.0);
     end if;
     return null;
   end $$`,
  `drop trigger if exists documents_count_update_zz_test_pause on documents`,
  `create trigger documents_count_update_zz_test_pause after update on documents for each row execute function test_pause_after_row()`,
];

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "document-counts", fromPort: 3950 });
  const server = setup.server;
  if (!server) return;
  Object.assign(server.env, { RATE_LIMIT_READ_PER_MINUTE: "100000", RATE_LIMIT_WRITE_PER_MINUTE: "100000" });
  const made = await server.cliBatch([
    ["user:create", "--email", DORA.email, "--password", DORA.password, "--name", DORA.name, "--account", "Counters"],
    ["user:create", "--email", SID.email, "--password", SID.password, "--name", SID.name, "--account", "Counters"],
    ["token:create", "--owner", DORA.email, "--name", "counts"],
    ["token:create", "--owner", SID.email, "--name", "counts"],
  ]);
  [users.dora, users.sid] = [made[0].id, made[1].id];
  token = made[2].token;
  sidToken = made[3].token;
  const template = await importTemplateAt(server, DORA.email, { name: "Counted contract", ...TWO_SIGNER_TEMPLATE });
  const create = (owner: string, state: string, n: number) =>
    Array.from({ length: n }, (_, i) => ["document:create", "--owner", owner, "--template", template, "--state", state, "--name", `${state} ${i}`, ...ROLES]);
  const docs = await server.cliBatch([
    ...create(DORA.email, "pending", 8),
    ...create(DORA.email, "draft", 8),
    ...create(SID.email, "pending", 2),
    ...create(DORA.email, "pending", 5).map((c) => c.map((a) => (a.startsWith("pending ") ? `shared ${a}` : a))),
  ]);
  ids.doraPending = docs.slice(0, 8).map((d) => d.id);
  ids.doraDraft = docs.slice(8, 16).map((d) => d.id);
  ids.sidPending = docs.slice(16, 18).map((d) => d.id);
  ids.shared = docs.slice(18).map((d) => d.id);
  await server.start();
}, 300_000);

afterAll(async () => {
  await setup?.teardown();
}, 60_000);

describe("document_counts after multi-row updates", () => {
  it("PostgreSQL: two statements voiding one sender's documents in opposite orders of state both commit (no deadlock)", { timeout: 60_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    if (pgOnly()) ctx.skip(pgOnly());
    await setup.sql(PAUSE_TRIGGER);
    const a = [ids.doraPending[0]!, ids.doraDraft[0]!];
    const b = [ids.doraDraft[1]!, ids.doraPending[1]!];
    const { a: ra, b: rb } = await race(a, b);
    expect([ra.error, rb.error], "neither statement failed (deadlock_detected is 40P01)").toEqual(["", ""]);
    expect([ra.committed, rb.committed]).toEqual([true, true]);
    // the race was the one intended: each statement updated its rows in the order given
    expect([ra.order, rb.order]).toEqual([a, b]);
    await expectCountsEqualCounting("after the race");
  });

  it("multi-row state and sender changes, cancelling swaps and updates of other columns keep counts equal to counting", { timeout: 120_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const [p, d] = [ids.doraPending, ids.doraDraft];
    await expectCountsEqualCounting("mixed changes", [
      // several states at once, in both directions
      `update documents set state = case state when 'pending' then 'expired' when 'draft' then 'pending' end where id in (${list([p[2]!, p[3]!, d[2]!])})`,
      // a swap: per (sender, state) the deltas cancel out
      `update documents set state = case state when 'pending' then 'draft' when 'draft' then 'pending' end where id in (${list([p[4]!, d[3]!])})`,
      // senders change (one also changes state), both ways in one statement
      `update documents set sender_user_id = case sender_user_id when '${users.dora}' then '${users.sid}' else '${users.dora}' end,
              state = case when id = '${p[5]}' then 'declined' else state end
        where id in (${list([p[5]!, p[6]!, ids.sidPending[0]!])})`,
      // neither column changes (one row, many rows, no row)
      `update documents set name = name || '' where id = '${p[7]}'`,
      `update documents set updated_at = now() where sender_user_id = '${users.dora}'`,
      `update documents set state = state where id in (${list(d)})`,
      `update documents set state = 'voided' where id = 'no-such-document'`,
    ]);
    // the swap left no zero-delta rows behind for states nobody has
    const [stray] = await sql([`select count(*)::int as n from document_counts where state not in (${list(STATES)}, 'editing')`]);
    expect(stray!.rows[0].n).toBe(0);
  });

  it("concurrent voids through the API (the dashboard's bulk void): the list's totals equal the documents it lists, and the counters the counting", { timeout: 120_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const before = { pending: await total({ state: "pending" }), draft: await total({ state: "draft" }), voided: await total({ state: "voided" }) };
    const [found] = await sql([
      { text: `select id, state from documents where sender_user_id = $1 and state in ('pending', 'draft') order by id`, params: [users.dora] },
    ]);
    const targets = found!.rows as { id: string; state: string }[];
    expect(targets.length).toBeGreaterThan(3);
    const results = await Promise.all(
      targets.map((t) => api(`${setup.server!.baseUrl}/public/v2/documents/${t.id}/void`, { token, method: "POST", body: { document: {} } })),
    );
    for (const r of results) expect(r.status, r.text).toBe(200);
    const voidedPending = targets.filter((t) => t.state === "pending").length;
    expect(await total({ state: "pending" })).toBe(before.pending - voidedPending);
    expect(await total({ state: "draft" })).toBe(before.draft - (targets.length - voidedPending));
    expect(await total({ state: "voided" })).toBe(before.voided + targets.length);
    await expectTotalsMatchTheList();
    await expectCountsEqualCounting("after the API voids");
  });

  it("sharing in multi-row statements — added, listed twice, removed, with state and sender changes and deletions — keeps document_share_counts equal to counting, and the shared user's totals to the list", { timeout: 120_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const [a, b, c, d, e] = ids.shared as [string, string, string, string, string];
    const share = (emails: string[]) => `'${JSON.stringify(emails)}'::jsonb`;
    const sidSees = async () => (await expectTotalsMatchTheList(sidToken)).filter((x) => ids.shared.includes(x.id)).map((x) => x.id).sort();
    expect(await sidSees()).toEqual([]);
    await expectCountsEqualCounting("shared with Sid, one twice, one also with Dora herself, in one statement", [
      `update documents set shared_with = case id when '${a}' then ${share([SID.email, SID.email])} when '${b}' then ${share([SID.email, DORA.email])} else ${share([SID.email])} end
        where id in (${list([a, b, c, d, e])})`,
    ]);
    expect(await sidSees()).toEqual([a, b, c, d, e].sort());
    await expectTotalsMatchTheList();
    await expectCountsEqualCounting("states changed both ways and a share removed, in one statement each", [
      `update documents set state = case id when '${a}' then 'voided' when '${b}' then 'executed' else state end where id in (${list([a, b, c])})`,
      `update documents set state = 'pending' where id = '${a}'`,
      `update documents set shared_with = '[]'::jsonb, state = 'declined' where id = '${c}'`,
      `update documents set shared_with = shared_with where id in (${list([a, b, d])})`,
    ]);
    expect(await sidSees()).toEqual([a, b, d, e].sort());
    await expectCountsEqualCounting("a shared document's sender becomes Sid (his own: not shared with him), another deleted", [
      `update documents set sender_user_id = '${users.sid}' where id = '${d}'`,
      `delete from documents where id = '${e}'`,
    ]);
    // d is Sid's own now (listed once, as his: shared with him no more), e is gone
    expect(await sidSees()).toEqual([a, b, d].sort());
    await expectTotalsMatchTheList(sidToken);
  });

  it("PostgreSQL control: migration 0010's per-row trigger deadlocks in the same race", { timeout: 60_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    if (pgOnly()) ctx.skip(pgOnly());
    // Four documents of Sid's to race on, two pending and two drafts (the earlier tests voided Dora's).
    const [moved] = await setup.sql([
      {
        text: `update documents d set sender_user_id = $1, state = case when v.n <= 2 then 'pending' else 'draft' end
                 from (select id, row_number() over (order by id) as n from documents order by id limit 4) v
                where d.id = v.id returning d.id, d.state`,
        params: [users.sid],
      },
    ]);
    const rows = moved!.rows as { id: string; state: string }[];
    const pending = rows.filter((r) => r.state === "pending").map((r) => r.id);
    const drafts = rows.filter((r) => r.state === "draft").map((r) => r.id);
    expect([pending.length, drafts.length]).toEqual([2, 2]);
    await setup.sql([
      ...PAUSE_TRIGGER,
      `drop trigger documents_count_update on documents`,
      `create or replace function document_counts_move() returns trigger language plpgsql as $$
       begin
         insert into document_counts (sender_user_id, state, n)
         select s, st, d from (values (old.sender_user_id, old.state, -1), (new.sender_user_id, new.state, 1)) as v(s, st, d) order by s, st
         on conflict (sender_user_id, state) do update set n = document_counts.n + excluded.n;
         return null;
       end $$`,
      `create trigger documents_count_update after update of state, sender_user_id on documents
         for each row when (old.state is distinct from new.state or old.sender_user_id is distinct from new.sender_user_id)
         execute function document_counts_move()`,
    ]);
    const { a, b } = await race([pending[0]!, drafts[0]!], [drafts[1]!, pending[1]!]);
    expect([a.error, b.error].filter(Boolean).join(" | "), "one of the two is chosen as the deadlock's victim").toMatch(/40P01 deadlock detected/);
    await expectCountsEqualCounting("after the deadlock (the victim rolled back)");
  });
});

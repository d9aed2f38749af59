// document_search (the documents list's search, migration 0013) holds, per
// document, the searched parts lower-cased one per line — name, file name,
// each recipient's name and e-mail — with the sender, state and creation
// time, kept by statement-level triggers on documents and recipients. On a
// server's database of its own:
// - Both databases: after multi-row writes straight in SQL (recipients added
//   to several documents at once, renamed and readdressed across documents,
//   a status-only change, removed; documents renamed, their state and sender
//   changed, deleted), every row equals its definition computed here from
//   documents and recipients.
// - PostgreSQL: two transactions changing two recipients of one document at
//   once (the second waits on the first) — the text holds both changes. The
//   control puts a trigger back that recomputes in one UPDATE, without first
//   locking the row and reading in a new statement, and shows the same race
//   losing the first change.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { importTemplateAt, prepareOwnServer, TWO_SIGNER_TEMPLATE, type OwnServerSetup } from "./support/own-server";

const OWNER = { email: "tess@search-text.example", password: "search-Pa55word-e2e", name: "Tess Text" };
const OTHER = { email: "otto@search-text.example", password: "search-Pa55word-e2e", name: "Otto Other" };
const ROLES = ["--role", "First=Fay First <fay@search-text.example>", "--role", "Second=Sam Second <sam@search-text.example>"];

let setup: OwnServerSetup;
let docs: string[] = [];
const users = { owner: "", other: "" };

/** What document_search must hold, computed independently of the triggers. */
const DEFINITION = `select d.id as document_id, d.sender_user_id, d.state, d.created_at,
    lower(d.name) || E'\\n' || lower(d.filename) || coalesce((select string_agg(E'\\n' || lower(r.name) || E'\\n' || lower(coalesce(r.email, '')), '' order by r.id)
      from recipients r where r.document_id = d.id), '') as text
  from documents d order by 1`;
const KEPT = `select document_id, sender_user_id, state, created_at, text from document_search order by 1`;

async function expectKeptEqualsDefinition(why: string, statements: string[] = []) {
  const out = await setup.sql([...statements, KEPT, DEFINITION]);
  const [kept, defined] = out.slice(-2);
  expect(kept!.rows.length, why).toBeGreaterThan(0);
  expect(kept!.rows, why).toEqual(defined!.rows);
}

const list = (xs: string[]) => xs.map((x) => `'${x}'`).join(", ");

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "document-search-text", fromPort: 4100 });
  const server = setup.server;
  if (!server) return;
  const made = await server.cliBatch([
    ["user:create", "--email", OWNER.email, "--password", OWNER.password, "--name", OWNER.name, "--account", "Search text"],
    ["user:create", "--email", OTHER.email, "--password", OTHER.password, "--name", OTHER.name, "--account", "Search text"],
  ]);
  [users.owner, users.other] = [made[0].id, made[1].id];
  const template = await importTemplateAt(server, OWNER.email, { name: "Searched contract", ...TWO_SIGNER_TEMPLATE });
  const created = await server.cliBatch(
    Array.from({ length: 6 }, (_, i) => ["document:create", "--owner", OWNER.email, "--template", template, "--state", "pending", "--name", `Dokument ${i} Größe`, ...ROLES]),
  );
  docs = created.map((d) => d.id);
}, 300_000);

afterAll(async () => {
  await setup?.teardown();
}, 60_000);

describe("document_search follows documents and recipients", () => {
  it("after multi-row writes to recipients and documents, every row equals its definition", { timeout: 120_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const [a, b, c, d, e, f] = docs as [string, string, string, string, string, string];
    await expectKeptEqualsDefinition("as created (CLI: the document, then its recipients)");
    await expectKeptEqualsDefinition("recipients added to several documents in one statement", [
      `insert into recipients (id, document_id, role_name, name, email, sequence)
       select 'extra-' || d.id || '-' || n, d.id, 'Witness', 'Wanda ' || n || ' ΩMEGA', case when n = 2 then null else 'wanda' || n || '@Search-Text.example' end, 5 + n
       from documents d cross join generate_series(1, 2) as n where d.id in (${list([a, b, c])})`,
    ]);
    await expectKeptEqualsDefinition("renamed and readdressed across documents in one statement; a status-only change", [
      `update recipients set name = 'Renée ' || document_id, email = 'renee@x.example' where document_id in (${list([a, d])}) and role_name = 'First'`,
      `update recipients set status = 'signed', signed_at = now() where document_id in (${list([b, c])}) and role_name = 'Second'`,
      `update recipients set email = null where document_id = '${e}' and role_name = 'Second'`,
    ]);
    await expectKeptEqualsDefinition("recipients removed", [
      `delete from recipients where document_id in (${list([a, b])}) and role_name = 'Witness'`,
      `delete from recipients where document_id = '${c}'`,
    ]);
    await expectKeptEqualsDefinition("documents renamed, state and sender changed, in one statement each; one deleted", [
      `update documents set name = 'Contrato ' || id, filename = 'CONTRATO.pdf' where id in (${list([a, b, f])})`,
      `update documents set state = case id when '${c}' then 'voided' else 'expired' end where id in (${list([c, d])})`,
      `update documents set sender_user_id = '${users.other}' where id = '${e}'`,
      `update documents set updated_at = now(), name = name where id in (${list(docs)})`,
      `delete from documents where id = '${f}'`,
    ]);
    const [gone] = await setup.sql([`select count(*)::int as n from document_search where document_id = '${f}'`]);
    expect(gone!.rows[0].n).toBe(0);
  });

  it("PostgreSQL: two transactions changing two recipients of one document at once — the text holds both", { timeout: 60_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    if (!setup.database?.url) ctx.skip("two transactions at once need PostgreSQL (TEST_DATABASE_URL): embedded PGlite is one connection");
    const doc = docs[1]!;
    const race = async (tag: string) => {
      const [first, second] = [new pg.Client({ connectionString: setup.database!.url }), new pg.Client({ connectionString: setup.database!.url })];
      await Promise.all([first.connect(), second.connect()]);
      try {
        await first.query("begin");
        await first.query(`update recipients set name = 'First ${tag}' where document_id = $1 and role_name = 'First'`, [doc]);
        await second.query("begin");
        const secondPid = (await second.query("select pg_backend_pid() as pid")).rows[0].pid as number;
        const waiting = second.query(`update recipients set name = 'Second ${tag}' where document_id = $1 and role_name = 'Second'`, [doc]);
        // the second transaction's trigger waits on the first's lock on the document's row
        for (let i = 0; ; i++) {
          const r = await first.query("select wait_event_type from pg_stat_activity where pid = $1", [secondPid]);
          if (r.rows[0]?.wait_event_type === "Lock") break;
          if (i > 200) throw new Error("the second transaction never waited on the first");
          await new Promise((res) => setTimeout(res, 25));
        }
        await first.query("commit");
        await waiting;
        await second.query("commit");
      } finally {
        await Promise.all([first.end(), second.end()]);
      }
      const [row] = await setup.sql([{ text: `select text from document_search where document_id = $1`, params: [doc] }]);
      return row!.rows[0].text as string;
    };

    const text = await race("alpha");
    expect(text).toContain(`first alpha`);
    expect(text).toContain(`second alpha`);
    await expectKeptEqualsDefinition("after the race");

    // Control: recompute in one UPDATE, without the lock and the new statement first.
    const migration = fs.readFileSync(path.join(process.cwd(), "lib/server/db/migrations/0013_document_search.sql"), "utf8");
    const real = /CREATE FUNCTION document_search_recipients\(\)[\s\S]*?END \$\$;/.exec(migration)?.[0];
    expect(real, "the trigger function in migration 0013").toBeTruthy();
    await setup.sql([
      `create or replace function document_search_recipients() returns trigger language plpgsql as $$
       begin
         update document_search s set text = document_search_text(d.name, d.filename, d.id)
         from documents d where d.id = s.document_id and s.document_id in (select document_id from new_rows);
         return null;
       end $$`,
    ]);
    try {
      const naive = await race("beta");
      expect(naive, "the naive trigger's text misses the first transaction's change").not.toContain("first beta");
      expect(naive).toContain("second beta");
    } finally {
      await setup.sql([real!.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION")]);
    }
    const again = await race("gamma");
    expect(again).toContain("first gamma");
    expect(again).toContain("second gamma");
    await expectKeptEqualsDefinition("after the real trigger is back");
  });
});

// Issue 11 point 4: new records get UUID ids (8-4-4-4-12), the form the real
// service's ids have and its clients validate; ids issued before (32 hex
// characters) keep working. On a server of its own, records made by the CLI
// are given old-style ids in the stopped server's database, every reference
// to them following; after the start the API, the signer page and sending
// from the template work with those ids, and what is new gets UUIDs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, pageText } from "./helpers";
import { REDIRECT_URI_FOR_OWN_SERVER } from "./support/own-database";
import { importTemplateAt, prepareOwnServer, tokenAt, type OwnServerSetup } from "./support/own-server";
import { UUID } from "./support/checks";
import { signaturePng } from "./support/signing-calls";

const USER = { email: "legacy@ids.example", password: "legacy-Ids-Pa55", name: "Lee Legacy" };
const GUID = "4f5f6a1e-0000-4000-8000-1e9ac7000001";
const hex = () => crypto.randomUUID().replaceAll("-", "");

let setup: OwnServerSetup;
let token = "";
const old = { template: hex(), document: hex(), recipient: hex(), archived: hex() };

/** A resource call to this test's server with its token. */
const call = (p: string, o: { method?: string; body?: unknown } = {}) => api(`${setup.server!.baseUrl}${p}`, { token, ...o });

const DERIVED_FROM_DOCUMENTS = ["document_shares", "document_search"];

/**
 * Gives the row `id` of `table` the id `next`, and every column that
 * references it (found in the catalog, plus `extra` columns without a
 * foreign key): when foreign keys point at it, the row is copied under the
 * new id, references moved and the old row deleted.
 */
async function rekey(table: string, id: string, next: string, extra: [string, string][] = []) {
  const [refs] = await setup.sql([
    {
      text: `select kcu.table_name as t, kcu.column_name as c
               from information_schema.referential_constraints rc
               join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name
               join information_schema.constraint_column_usage ccu on ccu.constraint_name = rc.unique_constraint_name
              where ccu.table_name = $1 and ccu.column_name = 'id'`,
      params: [table],
    },
  ]);
  // Tables kept by triggers on documents (migrations 0012, 0013) follow by themselves: the copy's insert
  // writes their rows for the new id, the old row's deletion takes the old ones.
  const columns = [
    ...refs!.rows.filter((r) => !DERIVED_FROM_DOCUMENTS.includes(r.t)).map((r) => [r.t as string, r.c as string] as [string, string]),
    ...extra,
  ];
  if (refs!.rows.length === 0) {
    // Nothing holds a foreign key to it: the id changes in place (a copy would clash with its unique keys).
    await setup.sql([`update ${table} set id = '${next}' where id = '${id}'`, ...columns.map(([t, c]) => `update ${t} set ${c} = '${next}' where ${c} = '${id}'`)]);
    return;
  }
  await setup.sql([
    `create table rekey_copy as select * from ${table} where id = '${id}'`,
    `update rekey_copy set id = '${next}'`,
    `insert into ${table} select * from rekey_copy`,
    ...columns.map(([t, c]) => `update ${t} set ${c} = '${next}' where ${c} = '${id}'`),
    `delete from ${table} where id = '${id}'`,
    `drop table rekey_copy`,
  ]);
}

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "legacy-ids", fromPort: 3550 });
  const server = setup.server!;
  await server.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "Legacy Ltd", "--account", "Legacy");
  const app = await server.cli("app:create", "--owner", USER.email, "--name", "Legacy Integration", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER);
  const templateId = await importTemplateAt(server, USER.email, {
    name: "Legacy template",
    roles: [{ name: "Client", sequence: 0 }],
    fields: [{ type: "signature", role: "Client", name: "client_signature", page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.05, required: true }],
  });
  const archiveFile = path.join(os.tmpdir(), `legacy-ids-archive-${process.pid}.json`);
  fs.writeFileSync(archiveFile, JSON.stringify({ original_guid: GUID, name: "Legacy archived", document_state: "executed", sender_email: USER.email, signers: [] }));
  const template = { id: templateId };
  const doc = await server.cli("document:create", "--owner", USER.email, "--template", template.id, "--state", "pending", "--name", "Legacy document", "--role", "Client=Cleo Client <cleo@legacy.example>");
  const archived = await server.cli("archive:import", "--owner", USER.email, "--file", archiveFile);
  for (const id of [template.id, doc.id, archived.ids[0]]) expect(id, "the CLI issues UUIDs").toMatch(UUID);

  // The old id form, everywhere it is referenced.
  const [recipients] = await setup.sql([{ text: "select id from recipients where document_id = $1", params: [doc.id] }]);
  await rekey("templates", template.id, old.template);
  await rekey("recipients", recipients!.rows[0].id, old.recipient, [["documents", "current_signer_id"]]);
  await rekey("documents", doc.id, old.document);
  await rekey("archived_documents", archived.ids[0], old.archived);

  await server.start();
  token = await tokenAt(server.baseUrl, USER, { ...app, redirect_uri: REDIRECT_URI_FOR_OWN_SERVER });
}, 300_000);

afterAll(() => setup?.teardown(), 60_000);

describe("ids issued before UUIDs", () => {
  it("documents, recipients, templates and archived documents answer by their old ids", { timeout: 120_000 }, async () => {
    const doc = await call(`/public/v2/documents/${old.document}`);
    expect(doc.status, doc.text).toBe(200);
    expect(doc.body.document.id).toBe(old.document);
    expect(doc.body.document.recipients[0].id).toBe(old.recipient);
    expect(doc.body.document.current_signer_id).toBe(old.recipient);
    const listed = await call("/public/v1/documents");
    expect(listed.body.documents.map((d: { id: string }) => d.id)).toContain(old.document);
    const tpl = await call(`/public/v2/reusable_templates/${old.template}`);
    expect(tpl.status, tpl.text).toBe(200);
    expect(tpl.body.reusable_template.id).toBe(old.template);
    const archived = await call(`/public/v2/archived_documents_by_original_guid/${GUID}`);
    expect(archived.status, archived.text).toBe(200);
    expect(JSON.stringify(archived.body)).toContain(old.archived);
  });

  it("the old recipient's signing link opens and signs", { timeout: 120_000 }, async () => {
    const doc = (await call(`/public/v2/documents/${old.document}`)).body.document;
    const link = new URL(doc.recipients[0].sign_url);
    expect(link.pathname).toBe(`/sign/${old.recipient}`);
    const page = await fetch(link, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    // (the page's text: its script payload also carries the route's not-found page, unrendered)
    expect(pageText(await page.text())).not.toContain("This link does not work");
    const field = doc.form_fields.find((f: { name: string }) => f.name === "client_signature");
    const res = await fetch(new URL(`/sign/${old.recipient}/submit`, setup.server!.baseUrl), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ access_token: link.searchParams.get("access_token"), values: { [field.id]: signaturePng("legacy") } }),
    });
    expect(res.status, await res.text()).toBe(200);
    expect((await call(`/public/v2/documents/${old.document}`)).body.document.state).toBe("executed");
  });

  it("a template with an old id sends a document, which gets UUIDs", { timeout: 120_000 }, async () => {
    const sent = await call(`/public/v2/reusable_templates/${old.template}/send_document`, {
      body: { name: "Sent from a legacy template", expires_in: 30, roles: [{ name: "Client", signer_name: "Nia New", signer_email: "nia@legacy.example" }] },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.document.id).toMatch(UUID);
    for (const r of sent.body.document.recipients) expect(r.id).toMatch(UUID);
    const created = await call("/public/v2/sending_requests", {
      body: { file: { name: "new.pdf", source: "upload" }, document: { name: "New", expires_in: 30, signer_sequencing: false, roles: [{ name: "Client", signer_name: "Nia New", signer_email: "nia@legacy.example" }] } },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.sending_request.id).toMatch(UUID);
  });
});

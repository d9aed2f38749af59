// Document list and document answers served again from the process's cache
// (issue 14 point 2, lib/server/answer-cache), on a server of its own: a
// repeated call is a cache hit answering the very same bytes, and every kind
// of change an answer shows is seen by the next call — tags, PIN, sharing and
// unsharing (the other user's list and access), a signature (recipient
// status, field values, audit trail), a reminder, voiding, the sender's new
// name on a document shared with someone else (on PGlite the process hears of
// each commit by NOTIFY and reads no version at all). On PostgreSQL, a second
// instance on the same database without the cache answers byte for byte
// what the first answers from its cache after each change, changes made
// through the second instance or by SQL behind the service's back are seen by
// the first at once (the versions are raised by triggers in the changing
// transaction, migration 0015), while a change to another sender's documents
// leaves the cached answer a hit.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importTemplateAt, ownServer, prepareOwnServer, teardownAll, tokenAt, TWO_SIGNER_TEMPLATE, type OwnServer, type OwnServerSetup } from "./support/own-server";
import { signaturePng } from "./support/signing-calls";
import { jsonCall } from "./support/json-call";
import { counterValues, countsMoved } from "./support/metric-counts";

const OWNER = { email: "owen@answers.example", password: "answers-Pa55word-e2e", name: "Owen Owner" };
const VIEWER = { email: "vera@answers.example", password: "viewer-Pa55word-e2e", name: "Vera Viewer" };
const DASHBOARD_SECRET = "answer-cache-dashboard-secret-0123456789abcdef";
// One secret for both instances (as a fleet shares it, docs/deploy.md): the same signed addresses.
const APP_SECRET = "answer-cache-app-secret-0123456789abcdef0123";

let setup: OwnServerSetup;
let server: OwnServer | undefined;
let second: OwnServer | undefined;
let templateId = "";
const tokens = { owner: "", viewer: "" };

type CallOptions = { body?: unknown; base?: string; method?: string };

const call = (token: string, p: string, opts: CallOptions = {}) => jsonCall(opts.base ?? server!.baseUrl, token, p, opts);
type Res = Awaited<ReturnType<typeof call>>;

async function ok(token: string, p: string, opts: CallOptions = {}) {
  const res = await call(token, p, opts);
  expect(res.status, `${p}: ${res.text}`).toBe(200);
  return res;
}

/** api_answer_cache_total of the first server, as `route/outcome` → count. */
const cacheCounts = () => counterValues(server!.baseUrl, "api_answer_cache_total");

const LIST = "/public/v2/documents?per_page=100";
const NO_ACL = { error: "No ACLs tying user to document." };
const getPath = (id: string) => `/public/v2/documents/${id}`;

async function sendDocument(name: string) {
  const res = await ok(tokens.owner, `/public/v2/reusable_templates/${templateId}/send_document`, {
    body: {
      name,
      expires_in: 30,
      roles: [
        { name: "First", signer_name: "Fay First", signer_email: "fay@answers.example" },
        { name: "Second", signer_name: "Sid Second", signer_email: "sid@answers.example" },
      ],
    },
  });
  return res.body.document as { id: string; recipients: { id: string; role_name: string; sign_url: string }[]; form_fields: { id: string; role: string }[] };
}

/**
 * The first server's answer, after a call that may have filled its cache: asked twice (the second
 * a hit when nothing changed in between), both identical, and on PostgreSQL identical to the second
 * instance's, which keeps no answers.
 */
async function current(token: string, p: string) {
  await clearOfExpiryEdge();
  const first = await call(token, p);
  const again = await call(token, p);
  expect(again.text, `${p}: the repeated answer`).toBe(first.text);
  if (second) {
    // (the second instance's token cache hears of the caller's own new name by NOTIFY, within a second)
    let fresh = await call(token, p, { base: second.baseUrl });
    for (const t0 = Date.now(); fresh.text !== first.text && Date.now() - t0 < 1000; ) fresh = await call(token, p, { base: second.baseUrl });
    expect(first.text, `${p}: the cached answer against a fresh one of the second instance`).toBe(fresh.text);
  }
  return first;
}

/**
 * Waits out the last seconds of a 10-minute step of the signed addresses' expiry (signed-url.ts):
 * answers made on either side of its end carry other addresses, so the kept one is not served.
 */
async function clearOfExpiryEdge() {
  const into = (Date.now() / 1000) % 600;
  if (into > 590) await new Promise((r) => setTimeout(r, (600 - into + 0.5) * 1000));
}

const listed = (res: Res, id: string) => (res.body.documents as { id: string }[]).find((d) => d.id === id) as any;

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "answer-cache", fromPort: 4020 });
  server = setup.server;
  if (!server) return;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "answer-cache-")), "batch.json");
  fs.writeFileSync(
    file,
    JSON.stringify([
      ["user:create", "--email", OWNER.email, "--password", OWNER.password, "--name", OWNER.name, "--account", "Owners"],
      ["user:create", "--email", VIEWER.email, "--password", VIEWER.password, "--name", VIEWER.name, "--account", "Viewers"],
      ["token:create", "--owner", OWNER.email, "--name", "owner"],
      ["token:create", "--owner", VIEWER.email, "--name", "viewer"],
    ]),
  );
  const results: any[] = await server.cli("batch", "--file", file);
  tokens.owner = results[2].token;
  tokens.viewer = results[3].token;
  templateId = await importTemplateAt(server, OWNER.email, { name: "Cached answers", ...TWO_SIGNER_TEMPLATE });
  const shared = { APP_SECRET, DASHBOARD_CLIENT_SECRET: DASHBOARD_SECRET, RATE_LIMIT_READ_PER_MINUTE: "100000", RATE_LIMIT_WRITE_PER_MINUTE: "100000" };
  Object.assign(server.env, shared);
  delete server.env.METRICS_TOKEN;
  await server.start();
  if (setup.database?.url) {
    // The same public address too (a fleet's load balancer): answers byte for byte comparable.
    second = await ownServer({ name: "answer-cache-second", fromPort: 4040, databaseUrl: setup.database.url });
    Object.assign(second.env, shared, { APP_URL: server.baseUrl, ANSWER_CACHE_MB: "0", RUN_WORKER: "false" });
    await second.start();
  }
}, 300_000);

afterAll(() => teardownAll(setup, second), 60_000);

describe("cached document answers", () => {
  it("a repeated list or document call is answered from the cache, byte for byte, as JSON", { timeout: 90_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const doc = await sendDocument("Repeated answers");
    for (const p of [LIST, getPath(doc.id)]) {
      await clearOfExpiryEdge();
      const first = await ok(tokens.owner, p);
      const before = await cacheCounts();
      const again = await ok(tokens.owner, p);
      expect(countsMoved(before, await cacheCounts()), p).toEqual({ [`${p === LIST ? "list" : "get"}/hit`]: 1 });
      expect(again.text).toBe(first.text);
      expect(again.headers.get("content-type")).toBe("application/json");
      expect(again.headers.get("cache-control")).toBe("no-store");
    }
    // the same query spelled otherwise is the same answer (the parsed query is the key)
    await clearOfExpiryEdge();
    const before = await cacheCounts();
    expect((await ok(tokens.owner, `${LIST}&page=1`)).text).toBe((await ok(tokens.owner, LIST)).text);
    expect(countsMoved(before, await cacheCounts())).toEqual({ "list/hit": 2 });
    // another caller never gets the owner's answer: the viewer's list is her own (empty), the document not hers
    expect((await ok(tokens.viewer, LIST)).body.documents).toEqual([]);
    for (let i = 0; i < 2; i++) expect((await call(tokens.viewer, getPath(doc.id))).body).toEqual(NO_ACL);
  });

  it("every change an answer shows is in the next answer", { timeout: 180_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const doc = await sendDocument("Changing answers");
    const other = await sendDocument("Voided answers");
    const get = getPath(doc.id);
    await current(tokens.owner, LIST);
    await current(tokens.owner, get);
    await current(tokens.viewer, LIST);

    await ok(tokens.owner, `${get}/update_tags`, { body: { tags: { stage: "review" } } });
    expect(listed(await current(tokens.owner, LIST), doc.id).tags).toEqual({ stage: "review" });
    expect((await current(tokens.owner, get)).body.document.tags).toEqual({ stage: "review" });

    // shared: in the viewer's list and hers to read
    expect((await call(tokens.viewer, get)).body).toEqual(NO_ACL);
    await ok(tokens.owner, `${get}/share`, { body: { shared_with: [VIEWER.email] } });
    expect(listed(await current(tokens.viewer, LIST), doc.id)?.shared_with).toEqual([VIEWER.email]);
    expect((await current(tokens.viewer, get)).body.document.id).toBe(doc.id);

    // a signature: the signer's status, the field's value, the audit trail (both callers' answers)
    const first = doc.recipients.find((r) => r.role_name === "First")!;
    const field = doc.form_fields.find((f) => f.role === "First")!;
    const audits = (await current(tokens.owner, get)).body.document.audits.length as number;
    const signed = await fetch(new URL(`/sign/${first.id}/submit`, server!.baseUrl), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ access_token: new URL(first.sign_url).searchParams.get("access_token"), values: { [field.id]: signaturePng("First") } }),
    });
    expect(signed.status, await signed.text()).toBe(200);
    for (const token of [tokens.owner, tokens.viewer]) {
      const now = (await current(token, get)).body.document;
      expect(now.recipients.find((r: any) => r.id === first.id).status).toBe("signed");
      expect(now.form_fields.find((f: any) => f.id === field.id).value).not.toBe("");
      expect(now.audits.length).toBeGreaterThan(audits);
      expect(listed(await current(token, LIST), doc.id).recipients.find((r: any) => r.id === first.id).status).toBe("signed");
    }

    // a reminder to the other signer: one more audit entry
    const before = (await current(tokens.owner, get)).body.document.audits.length as number;
    const secondSigner = doc.recipients.find((r) => r.role_name === "Second")!;
    const reminded = await call(tokens.owner, `/public/v2/signers/${secondSigner.id}/reminders`, { body: {} });
    expect(reminded.status, reminded.text).toBeLessThan(300);
    expect((await current(tokens.owner, get)).body.document.audits.length).toBe(before + 1);

    // (after the signature: the signers would need it)
    await ok(tokens.owner, `${get}/update_pin`, { method: "PUT", body: { pin: "48213" } });
    expect(listed(await current(tokens.owner, LIST), doc.id).passcode_pin_enabled).toBe(true);
    expect((await current(tokens.owner, get)).body.document.passcode_pin_enabled).toBe(true);

    // the sender's new name, on the document shared with the viewer
    const dash = await tokenAt(server!.baseUrl, OWNER, { client_id: "dashboard", client_secret: DASHBOARD_SECRET, redirect_uri: `${server!.baseUrl}/api/auth/callback/signing-service` });
    await ok(dash, "/ext/profile", { method: "PUT", body: { name: "Owen Renamed", company: "Owners", timezone: "" } });
    expect(listed(await current(tokens.viewer, LIST), doc.id).sender.name).toBe("Owen Renamed");
    expect((await current(tokens.viewer, get)).body.document.sender.name).toBe("Owen Renamed");
    expect(listed(await current(tokens.owner, LIST), doc.id).sender.name).toBe("Owen Renamed");

    await ok(tokens.owner, `${getPath(other.id)}/void`, { body: { reason: "replaced" } });
    expect(listed(await current(tokens.owner, LIST), other.id).state).toBe("voided");

    // unshared: gone from the viewer's list, and hers no longer
    await ok(tokens.owner, `${get}/share`, { body: { shared_with: [] } });
    expect(listed(await current(tokens.viewer, LIST), doc.id)).toBeUndefined();
    expect((await call(tokens.viewer, get)).body).toEqual(NO_ACL);
  });
});

describe("PostgreSQL: other instances and changes behind the service's back", () => {
  it("changes made through the second instance or by SQL are in the first's next answer; other senders' changes keep it cached", { timeout: 120_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    if (!second) ctx.skip("embedded PGlite is one process: several instances and outside writers need PostgreSQL (TEST_DATABASE_URL)");
    const doc = await sendDocument("Answers elsewhere");
    const get = getPath(doc.id);
    await current(tokens.owner, LIST);
    await current(tokens.owner, get);

    // the viewer's own document changes: the owner's cached answers stay hits
    await clearOfExpiryEdge();
    const before = await cacheCounts();
    await setup.sql([{ text: "update users set name = 'Vera Elsewhere' where email = $1", params: [VIEWER.email] }]);
    await ok(tokens.owner, LIST);
    await ok(tokens.owner, get);
    expect(countsMoved(before, await cacheCounts())).toEqual({ "list/hit": 1, "get/hit": 1 });

    await ok(tokens.owner, `${get}/update_tags`, { base: second!.baseUrl, body: { tags: { via: "second" } } });
    expect((await current(tokens.owner, get)).body.document.tags).toEqual({ via: "second" });
    expect(listed(await current(tokens.owner, LIST), doc.id).tags).toEqual({ via: "second" });

    await setup.sql([{ text: "update recipients set name = 'Fay Fixed' where document_id = $1 and role_name = 'First'", params: [doc.id] }]);
    expect((await current(tokens.owner, get)).body.document.recipients.map((r: any) => r.name)).toContain("Fay Fixed");
    expect(listed(await current(tokens.owner, LIST), doc.id).recipients.map((r: any) => r.name)).toContain("Fay Fixed");

    await setup.sql([{ text: "update documents set name = 'Renamed by SQL' where id = $1", params: [doc.id] }]);
    expect((await current(tokens.owner, get)).body.document.name).toBe("Renamed by SQL");
    expect(listed(await current(tokens.owner, LIST), doc.id).name).toBe("Renamed by SQL");

    // a transaction that rolls back changes nothing: still a hit
    await clearOfExpiryEdge();
    const kept = await cacheCounts();
    await setup.sql(["begin", `update documents set name = 'Never' where id = '${doc.id}'`, "rollback"]);
    expect((await ok(tokens.owner, get)).body.document.name).toBe("Renamed by SQL");
    expect(countsMoved(kept, await cacheCounts())).toEqual({ "get/hit": 1 });

    await setup.sql([{ text: "delete from documents where id = $1", params: [doc.id] }]);
    expect(listed(await current(tokens.owner, LIST), doc.id)).toBeUndefined();
    expect((await call(tokens.owner, get)).body).toEqual({ error: "Can't find document." });
  });
});

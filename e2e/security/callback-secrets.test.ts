// Issue 10 point 10: basic-auth credentials in callback URLs
// (https://user:pass@host/hook, spec 6.3) are a secret of the client. They
// reach the receiver as an Authorization header, are stored only encrypted
// (read back from the database of a server of our own after stopping it, and,
// on the embedded database, from its raw files), and never appear, even in
// part, in the delivery log, API answers or the server's log. Values stored
// in plain text before sealing existed (written here into the stopped
// server's database) are still delivered, and are sealed at the next start.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../api/helpers";
import { startCallbackReceiver, type CallbackReceiver, type ReceivedRequest } from "../api/support/callback-receiver";
import { prepareOwnServer, tokenAt, type OwnServer, type OwnServerSetup } from "../api/support/own-server";
import { makePdf, putFile, sendingRequestBody } from "../api/support/sending";

const USER = { email: "hooks@security.example", password: "hooks-Pa55word-e2e", name: "Hook Owner" };
const DASHBOARD_SECRET = "callback-secrets-dashboard-secret-0123456789";
const SEALED = /^sealed-credentials:v1:/;

/** Credentials of new submissions, and of a value written in plain text "before" the change. */
const NEW = { user: "hookuser-k7q2", pass: "Pw-v9x3@z:q8-new" };
const OLD = { user: "legacyuser-m4p1", pass: "Pw-legacy-r6t0" };

const withCredentials = (url: string, c: { user: string; pass: string }) =>
  url.replace("http://", `http://${encodeURIComponent(c.user)}:${encodeURIComponent(c.pass)}@`);
const basic = (c: { user: string; pass: string }) => `Basic ${Buffer.from(`${c.user}:${c.pass}`).toString("base64")}`;
/** Every form in which the credentials could leak: as given, URL-encoded, and the Basic token. */
const traces = (c: { user: string; pass: string }) => [c.user, c.pass, encodeURIComponent(c.pass), Buffer.from(`${c.user}:${c.pass}`).toString("base64")];
function expectNoTrace(what: string, text: string, c = NEW) {
  for (const t of traces(c)) expect(text.includes(t), `${what} contains "${t}": ${text.slice(0, 400)}`).toBe(false);
}

let setup: OwnServerSetup;
let server: OwnServer | undefined;
let receiver: CallbackReceiver;
let token = "";
let templateId = "";

const call = (p: string, opts: Parameters<typeof api>[1] = {}) => api(`${server!.baseUrl}${p}`, { token, ...opts });
const at = (p: string) => (r: ReceivedRequest) => r.path === p;

/** Rows of a query against the server's database; the server must be stopped on the embedded database. */
const query = async (text: string, params: unknown[] = []): Promise<Record<string, any>[]> => (await setup.sql([{ text, params }]))[0]!.rows;

/** Every stored callback URL: documents, sending requests (and their document parameters), deliveries. */
async function storedUrls(): Promise<{ where: string; id: string; url: string }[]> {
  const rows = await query(`
    select 'documents' as where, id, callback_url as url from documents where callback_url is not null
    union all select 'sending_requests', id, callback_url from sending_requests where callback_url is not null
    union all select 'sending_requests.document_params', id, document_params->>'callback_url' from sending_requests where document_params->>'callback_url' is not null
    union all select 'callback_deliveries', id, url from callback_deliveries`);
  return rows as { where: string; id: string; url: string }[];
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

let sentDocId = "";
let requestId = "";
let requestDocId = "";
const paths = { send: "/sealed-send", request: "/sealed-request", requestDoc: "/sealed-request-doc", legacyDoc: "/legacy-doc", legacyDelivery: "/legacy-delivery" };

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  setup = await prepareOwnServer({ name: "callback-secrets", fromPort: 3660 });
  server = setup.server;
  if (!server) return;
  server.env.DASHBOARD_CLIENT_SECRET = DASHBOARD_SECRET;
  await server.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "Hooks Ltd", "--account", "Hooks");
  const dir = path.join(server.dataDir, "..", "callback-secrets-files");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "t.pdf"), await makePdf({ title: "Callback secrets" }));
  fs.writeFileSync(
    path.join(dir, "t.json"),
    JSON.stringify({
      name: "Callback secrets template",
      roles: [{ name: "Client", sequence: 0 }],
      fields: [{ type: "signature", role: "Client", name: "client_signature", page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.06, required: true }],
    }),
  );
  templateId = (await server.cli("template:import", "--owner", USER.email, "--pdf", path.join(dir, "t.pdf"), "--definition", path.join(dir, "t.json"))).id;
  await server.start();
  // The dashboard's own client: the delivery log is an /ext endpoint.
  token = await tokenAt(server.baseUrl, USER, { client_id: "dashboard", client_secret: DASHBOARD_SECRET, redirect_uri: `${server.baseUrl}/api/auth/callback/signing-service` });
}, 300_000);

afterAll(async () => {
  await receiver?.close();
  await setup?.teardown();
}, 60_000);

describe("callback URLs with credentials", () => {
  it("reach the receiver as Basic authorization: a template send, and a sending request with both of its callback URLs", { timeout: 120_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const sent = await call(`/public/v2/reusable_templates/${templateId}/send_document`, {
      method: "POST",
      body: { name: "Sealed callback", roles: [{ name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example" }], expires_in: 30, callback_url: withCredentials(receiver.url(paths.send), NEW) },
    });
    expect(sent.status, sent.text).toBe(200);
    sentDocId = sent.body.document.id;
    expectNoTrace("the send_document answer", sent.text);
    const created = await receiver.waitFor(at(paths.send), 30_000);
    expect(created.headers.authorization).toBe(basic(NEW));
    expect((created.json as any).id).toBe(sentDocId);

    const body = sendingRequestBody({
      document: { roles: [{ name: "Client", signer_name: "Cleo Client", signer_email: "cleo@client.example", sequence: 0 }], callback_url: withCredentials(receiver.url(paths.requestDoc), NEW) },
      top: { callback_url: withCredentials(receiver.url(paths.request), NEW) },
    });
    const made = await call("/public/v2/sending_requests", { method: "POST", body });
    expect(made.status, made.text).toBe(200);
    expectNoTrace("the sending request answer", made.text);
    requestId = made.body.sending_request.id;
    expect((await putFile(made.body.sending_request.upload_url, await makePdf({ title: "One-off" }))).status).toBe(200);
    const up = await call(`/public/v2/sending_requests/${requestId}/uploaded`, { method: "POST" });
    expect(up.status, up.text).toBe(200);
    const done = await receiver.waitFor(at(paths.request), 90_000);
    expect(done.headers.authorization).toBe(basic(NEW));
    expect((done.json as any).sending_request.status, done.rawBody).toBe("completed");
    requestDocId = (done.json as any).sending_request.document_template_id;
    const docCreated = await receiver.waitFor(at(paths.requestDoc), 30_000);
    expect(docCreated.headers.authorization).toBe(basic(NEW));
  });

  it("the delivery log shows each URL without its credentials, and no trace of them", async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    for (const [docId, expected] of [
      [sentDocId, [paths.send]],
      [requestDocId, [paths.request, paths.requestDoc]],
    ] as const) {
      // wait until the attempts are recorded
      let log = await call(`/ext/documents/${docId}/callbacks`);
      for (let i = 0; i < 50 && log.body.deliveries?.some((d: any) => d.attempts.length === 0); i++) {
        await new Promise((r) => setTimeout(r, 200));
        log = await call(`/ext/documents/${docId}/callbacks`);
      }
      expect(log.status, log.text).toBe(200);
      expect(log.body.deliveries.map((d: any) => d.url).sort()).toEqual(expected.map((p) => receiver.url(p)).sort());
      expect(log.body.deliveries.every((d: any) => d.status === "delivered"), log.text).toBe(true);
      expectNoTrace(`GET /ext/documents/${docId}/callbacks`, log.text);
      expect(log.text).not.toContain("***"); // not even a masked hint
    }
    for (const p of [`/public/v2/documents/${sentDocId}`, `/public/v2/documents/${requestDocId}`, `/public/v2/sending_requests/${requestId}`, `/public/v1/sending_requests/${requestId}`]) {
      const res = await call(p);
      expect(res.status, res.text).toBe(200);
      expectNoTrace(p, res.text);
    }
  });

  it("at rest: every stored copy is sealed; neither the database nor its files nor the server log hold them", { timeout: 120_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    await server!.stop();
    const log = fs.readFileSync(server!.log, "utf8");
    expectNoTrace("the server log", log);
    const urls = await storedUrls();
    const where = new Set(urls.map((u) => u.where));
    expect([...where].sort()).toEqual(["callback_deliveries", "documents", "sending_requests", "sending_requests.document_params"]);
    for (const u of urls) {
      expect(u.url, `${u.where} ${u.id}`).toMatch(SEALED);
      expectNoTrace(`${u.where} ${u.id}`, u.url);
    }
    if (!setup.database?.url) {
      // The embedded database's own files (tables, WAL): the password was never written in the clear.
      const needles = [NEW.pass, encodeURIComponent(NEW.pass)].map((s) => Buffer.from(s));
      for (const file of filesUnder(path.join(server!.dataDir, "pgdata"))) {
        const bytes = fs.readFileSync(file);
        for (const n of needles) expect(bytes.includes(n), `${file} holds the password`).toBe(false);
      }
    }
  });

  it("values stored in plain text before sealing are still delivered, and are sealed at the next start", { timeout: 120_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    // The server is stopped (previous test). Write what an older version would have stored.
    const [doc] = await query("select id, account_id from documents where id = $1", [sentDocId]);
    await query("update documents set callback_url = $1 where id = $2", [withCredentials(receiver.url(paths.legacyDoc), OLD), sentDocId]);
    await query(
      `insert into callback_deliveries (id, account_id, document_id, url, event, payload, status, attempt_count)
       values ($1, $2, $3, $4, 'viewed', $5::jsonb, 'pending', 0)`,
      ["legacydelivery0000000000000000ab", doc!.account_id, sentDocId, withCredentials(receiver.url(paths.legacyDelivery), OLD), JSON.stringify({ callbackType: "Document", id: sentDocId, event: "viewed", documentState: "pending", createdAt: "2026-01-01T00:00:00.000+00:00" })],
    );
    await server!.start();
    // The pending delivery recorded before the change: picked up at start, sent with its credentials.
    const legacy = await receiver.waitFor(at(paths.legacyDelivery), 60_000);
    expect(legacy.headers.authorization).toBe(basic(OLD));
    // The document's legacy URL: the next event (void) goes out with its credentials.
    const voided = await call(`/public/v2/documents/${sentDocId}/void`, { method: "POST", body: { reason: "legacy callback check" } });
    expect(voided.status, voided.text).toBe(200);
    const hook = await receiver.waitFor(at(paths.legacyDoc), 60_000);
    expect(hook.headers.authorization).toBe(basic(OLD));
    expect((hook.json as any).event).toBe("voided");
    const log = await call(`/ext/documents/${sentDocId}/callbacks`);
    expectNoTrace("the delivery log", log.text, OLD);

    await server!.stop();
    for (const u of await storedUrls()) {
      expect(u.url, `${u.where} ${u.id}`).toMatch(SEALED);
      expectNoTrace(`${u.where} ${u.id}`, u.url, OLD);
    }
    expectNoTrace("the server log", fs.readFileSync(server!.log, "utf8"), OLD);
  });
});

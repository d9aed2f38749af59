// A fleet (issue 15 points 2 and 3): two web instances (RUN_WORKER=false) and
// one job worker (`npm run worker`) on ONE PostgreSQL database and one S3
// bucket (s3rver), behind a round-robin proxy standing in for the load
// balancer, so every request of the flow (OAuth, API calls, upload
// addresses, signer calls, downloads) goes to the other instance than the one
// before (e2e/harness/fleet.mjs, shared with `npm run fleet`). Checked:
//   - the full flow: OAuth authorize and token, a sending request (upload,
//     processing), a template send, 30 reminders and no more under concurrent
//     requests, two signers, completion with one signed PDF (made once, in
//     the bucket), each callback delivered once per event (distinct
//     webhook-ids counted by a receiver), one document per send;
//   - the send rate limit held fleet-wide (exactly the limit accepted);
//   - SIGKILL of the worker mid-processing, another worker started: the work
//     completes, one document per request;
//   - scheduled work (expire-documents, sweep-lost-work) ran once per minute
//     although every instance's queue keeps the schedules.
// PostgreSQL runs only: the embedded PGlite is one process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCallbackReceiver, type CallbackReceiver } from "./support/callback-receiver";
import { prepareFleet, type Fleet, type FleetSetup } from "./support/fleet";
import { REDIRECT_URI_FOR_OWN_SERVER } from "./support/own-database";
import { signEveryRecipientAt, tokenAt, TWO_SIGNER_TEMPLATE } from "./support/own-server";
import { makePdf, sendingRequestBody } from "./support/sending";
import { download, sha256, type Doc } from "./support/signing-calls";

const USER = { email: "flo@fleet.example", password: "fleet-Pa55word-e2e", name: "Flo Fleet" };
const LIMITED = { email: "lim@fleet.example", password: "limit-Pa55word-e2e", name: "Lim Limited" };
const SEND_LIMIT = 12;
const THRESHOLD = "Exceeded send reminder threshold. (30 per document).";
const RATE_LIMITED = new RegExp(`^Rate limit exceeded\\. At most ${SEND_LIMIT} send operations per minute; retry in \\d+ seconds\\.$`);
const FINAL = ["completed", "errored"];

let setup: FleetSetup;
let fleet: Fleet | undefined;
let receiver: CallbackReceiver | undefined;
let token = "";
let limitedToken = "";
let templateId = "";
let startedAt = 0;

type Res = { status: number; body: any; text: string; instance: string };

async function call(p: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<Res> {
  const res = await fetch(new URL(p, fleet!.appUrl), {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      Authorization: `Bearer ${init.token ?? token}`,
      Accept: "application/json",
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, text, instance: res.headers.get("x-fleet-instance") ?? "" };
}

async function waitFor<T>(read: () => Promise<T>, ready: (v: T) => boolean, what: string, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let v = await read();
  while (!ready(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 400));
    v = await read();
  }
  if (!ready(v)) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s: ${JSON.stringify(v).slice(0, 800)}`);
  return v;
}

const getRequest = (id: string) => call(`/public/v2/sending_requests/${id}`).then((r) => r.body);
const getDoc = async (id: string): Promise<Doc> => {
  const r = await call(`/public/v2/documents/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.body.document as Doc;
};

/** Creates, uploads (through the upload address) and marks uploaded a sending request; answers its id. */
async function submitRequest(bytes: Uint8Array, overrides: Parameters<typeof sendingRequestBody>[0]): Promise<string> {
  const created = await call("/public/v2/sending_requests", { body: sendingRequestBody(overrides) });
  expect(created.status, created.text).toBe(200);
  const sr = created.body.sending_request;
  const put = await fetch(sr.upload_url, { method: "PUT", headers: { "Content-Type": "application/pdf" }, body: bytes as Uint8Array<ArrayBuffer> });
  expect(put.status, await put.text()).toBe(200);
  const up = await call(`/public/v2/sending_requests/${sr.id}/uploaded`, { method: "POST", body: {} });
  expect(up.status, up.text).toBe(200);
  return sr.id;
}

/** Waits for a new minute when fewer than `seconds` are left in this one (rate-limit windows are minutes). */
async function roomInMinute(seconds: number) {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < seconds) await new Promise((r) => setTimeout(r, (left + 0.5) * 1000));
}

beforeAll(async () => {
  startedAt = Date.now();
  setup = await prepareFleet({ name: "fleet", fromPort: 4200, env: { RATE_LIMIT_SEND_PER_MINUTE: String(SEND_LIMIT) } });
  if (setup.skipReason) return;
  // The CLI is the first to open the database: it applies the migrations, once.
  await setup.cli("user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--company", "Fleet Ltd", "--account", "Fleet");
  await setup.cli("user:create", "--email", LIMITED.email, "--password", LIMITED.password, "--name", LIMITED.name, "--account", "Limited");
  const app = await setup.cli("app:create", "--owner", USER.email, "--name", "Fleet Integration", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER);
  limitedToken = (await setup.cli("token:create", "--owner", LIMITED.email, "--name", "limits")).token;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fleet-template-"));
  fs.writeFileSync(path.join(dir, "contract.pdf"), await makePdf({ title: "Fleet contract" }));
  fs.writeFileSync(path.join(dir, "definition.json"), JSON.stringify({ name: "Fleet contract", ...TWO_SIGNER_TEMPLATE }));
  templateId = (await setup.cli("template:import", "--owner", USER.email, "--pdf", path.join(dir, "contract.pdf"), "--definition", path.join(dir, "definition.json"))).id;
  fs.rmSync(dir, { recursive: true, force: true });
  fleet = await setup.start({ webs: 2 });
  receiver = await startCallbackReceiver();
  // OAuth authorize (sign-in, consent) and token, each step through the next instance
  token = await tokenAt(fleet.appUrl, USER, app);
}, 420_000);

afterAll(async () => {
  await receiver?.close();
  await setup?.teardown();
}, 120_000);

describe("a fleet: two web instances and a worker on one database and one bucket", () => {
  it("the full flow through alternating instances: one document each, one signed PDF, every callback once, 30 reminders at most", { timeout: 600_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    expect(Object.values(fleet!.proxy.hits).every((n) => n > 0), `OAuth requests per instance: ${JSON.stringify(fleet!.proxy.hits)}`).toBe(true);
    // The proxy announces its own keep-alive, as a load balancer does: with the instance's (5 s) clients reused
    // connections the proxy had closed after 1 s, and a request sent as it closed was reset.
    const viaProxy = await fetch(new URL("/public/v2/me", fleet!.appUrl), { headers: { Authorization: `Bearer ${token}` } });
    await viaProxy.arrayBuffer();
    expect(viaProxy.headers.get("keep-alive"), "the keep-alive the proxy announces").toBe("timeout=1");

    // a sending request: upload to the upload address, processing by the worker
    const pdf = await makePdf({ pages: 2, title: "Fleet one-off", lines: [{ page: 1, text: "[[signature|Client]]" }, { page: 2, text: "[[signature|Manager]]" }] });
    const srId = await submitRequest(pdf, {
      document: { name: "Fleet one-off", callback_url: receiver!.url("/sr-document") },
      top: { callback_url: receiver!.url("/sr") },
    });
    const sr = await waitFor(() => getRequest(srId), (b) => FINAL.includes(b.status), "processing of the sending request");
    expect(`${sr.status} ${sr.status_message ?? ""}`).toBe("completed ");

    // a template send to two signers
    const sent = await call(`/public/v2/reusable_templates/${templateId}/send_document`, {
      body: {
        name: "Fleet template send",
        roles: [
          { name: "First", signer_name: "Fay First", signer_email: "fay@fleet.example" },
          { name: "Second", signer_name: "Sid Second", signer_email: "sid@fleet.example" },
        ],
        callback_url: receiver!.url("/document"),
        expires_in: 30,
      },
    });
    expect(sent.status, sent.text).toBe(200);
    const doc = sent.body.document as Doc;

    // reminders: 40 at once, spread over both instances: 30 sent, the rest refused
    const first = doc.recipients.find((r) => r.role_name === "First")!;
    const reminders = await Promise.all(Array.from({ length: 40 }, () => call(`/public/v2/signers/${first.id}/reminders`, { method: "POST" })));
    const remindedBy = new Set(reminders.map((r) => r.instance));
    expect([...remindedBy].sort()).toEqual(["web-1", "web-2"]);
    expect(reminders.filter((r) => r.status === 200).map((r) => r.body)).toEqual(Array.from({ length: 30 }, () => ({ reminder: { status: "sent" } })));
    expect(reminders.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.error}`)).toEqual(Array.from({ length: 10 }, () => `401 ${THRESHOLD}`));

    // two signers through their links, completion by the worker
    await signEveryRecipientAt(fleet!.appUrl, sent.body.document);
    const done = await waitFor(() => getDoc(doc.id), (d) => !!d.signed_pdf_url && d.merged_document_certificate_url.includes("/files/"), "completion");
    expect(done.state).toBe("executed");
    expect(done.audits.filter((a) => a.metadata.keyword === "executed")).toHaveLength(1);

    // one signed PDF, in the bucket, served by either instance
    const signedKey = `documents/${doc.id}/signed.pdf`;
    const object = await setup.s3!.get(signedKey);
    expect(object, `${signedKey} is in the bucket`).not.toBeNull();
    const viaOne = await download(done.signed_pdf_url!, "signed PDF");
    const viaOther = await download(done.signed_pdf_url!, "signed PDF again");
    expect(sha256(viaOne)).toBe(sha256(object!.data));
    expect(sha256(viaOther)).toBe(sha256(object!.data));
    // the job goes on after the signed PDF is published (the signed pages' previews): wait for its end
    const completions = await waitFor(
      async () => (await setup.sql([{ text: "select state from pgboss.job where name = 'complete-document' and data->>'documentId' = $1", params: [doc.id] }]))[0]!,
      (jobs) => jobs.every((j) => j.state !== "active" && j.state !== "created"),
      "the end of the completion job",
      120_000,
    );
    expect(completions.map((j) => j.state), "the completion ran once").toEqual(["completed"]);

    // one document per send: the account holds exactly these two
    const list = await call("/public/v2/documents?per_page=100");
    expect(list.status, list.text).toBe(200);
    expect((list.body.documents as Doc[]).map((d) => d.id).sort()).toEqual([sr.document_template_id, doc.id].sort());

    // callbacks: each event once (one webhook-id each, never delivered twice)
    const eventsOf = (p: string) => receiver!.requests.filter((r) => r.path === p).map((r) => (r.json as any).event ?? (r.json as any).sending_request?.status);
    await waitFor(async () => eventsOf("/document"), (e) => e.filter((x) => x === "executed").length >= 1 && e.filter((x) => x === "signed").length >= 2, "the executed and signed callbacks", 120_000);
    await waitFor(async () => [...eventsOf("/sr"), ...eventsOf("/sr-document")], (e) => e.length >= 2, "the sending request's callbacks", 60_000);
    await new Promise((r) => setTimeout(r, 8000)); // room for a duplicate to arrive
    const ids = receiver!.requests.map((r) => r.headers["webhook-id"]);
    expect(ids.every((id) => typeof id === "string" && id.length > 0), "every callback has a webhook-id").toBe(true);
    expect(new Set(ids).size, `webhook-ids: ${ids.join(", ")}`).toBe(ids.length);
    expect(eventsOf("/sr")).toEqual(["completed"]);
    expect(eventsOf("/sr-document")).toEqual(["created"]);
    const counts = (events: string[]) => Object.fromEntries([...new Set(events)].sort().map((e) => [e, events.filter((x) => x === e).length]));
    const documentEvents = counts(eventsOf("/document"));
    // `viewed` is sent when a signer opens the link (none did here: they signed through the page's call)
    expect({ created: documentEvents.created, signed: documentEvents.signed, executed: documentEvents.executed }).toEqual({ created: 1, signed: 2, executed: 1 });
    for (const [event, n] of Object.entries(documentEvents)) expect(n, `${event} callbacks`).toBeLessThanOrEqual(event === "signed" ? 2 : 1);

    // every instance took its share
    expect(Math.min(...Object.values(fleet!.proxy.hits)), `requests per instance: ${JSON.stringify(fleet!.proxy.hits)}`).toBeGreaterThan(30);
  });

  it("the send rate limit holds across the fleet: exactly the limit is accepted in a minute", { timeout: 180_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    await roomInMinute(40);
    const results: Res[] = [];
    for (let i = 0; i < SEND_LIMIT + 8; i++) {
      results.push(await call("/public/v2/sending_requests", { token: limitedToken, body: sendingRequestBody({ document: { name: `Limited ${i}` } }) }));
    }
    expect(new Set(results.map((r) => r.instance)).size).toBe(2);
    const accepted = results.filter((r) => r.status === 200);
    expect(accepted, results.map((r) => `${r.instance} ${r.status}`).join(", ")).toHaveLength(SEND_LIMIT);
    for (const r of results.slice(SEND_LIMIT)) {
      expect(r.status, r.text).toBe(429);
      expect(r.body.error).toMatch(RATE_LIMITED);
    }
  });

  it("SIGKILL of the worker mid-processing: another worker completes the work, one document per request", { timeout: 600_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const pages = 30;
    const pdf = await makePdf({ pages, title: "Fleet crash", lines: [{ page: 1, text: "[[signature|Client]]" }, { page: pages, text: "[[signature|Manager]]" }] });
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) ids.push(await submitRequest(pdf, { document: { name: `Fleet crash ${i}` }, file: { name: `crash-${i}.pdf` } }));
    const active = async () => {
      const [rows] = await setup.sql(["select count(*)::int as n from pgboss.job where name = 'process-sending-request' and state = 'active'"]);
      return rows![0].n as number;
    };
    await waitFor(active, (n) => n > 0, "a processing job running on the worker", 120_000);
    const worker = fleet!.workers.find((w) => w.child.exitCode === null && w.child.signalCode === null)!;
    const killed = await fleet!.kill9(worker);
    expect(killed.signal ?? `code ${killed.code}`).toBe("SIGKILL");
    const before = await Promise.all(ids.map(getRequest));
    expect(before.some((b) => !FINAL.includes(b.status)), `statuses at the kill: ${before.map((b) => b.status).join(", ")}`).toBe(true);

    await fleet!.startWorker("worker-after-kill");
    const statuses = await waitFor(() => Promise.all(ids.map(getRequest)), (all) => all.every((b) => FINAL.includes(b.status)), "completion after the kill", 420_000);
    expect(statuses.map((s) => `${s.id}: ${s.status} ${s.status_message ?? ""}`)).toEqual(ids.map((id) => `${id}: completed `));
    expect(new Set(statuses.map((s) => s.document_template_id)).size).toBe(ids.length);
    const [docs] = await setup.sql(["select name, count(*)::int as n from documents where name like 'Fleet crash %' group by name order by name"]);
    expect(docs!.map((d) => `${d.name}: ${d.n}`)).toEqual(["Fleet crash 1: 1", "Fleet crash 2: 1", "Fleet crash 3: 1"]);
    for (const s of statuses) {
      const d = await getDoc(s.document_template_id);
      expect(d.page_image_urls as unknown[]).toHaveLength(pages);
      expect(d.recipients).toHaveLength(2);
    }
  });

  it("scheduled work ran once per minute across the fleet (every instance's queue keeps the schedules)", { timeout: 240_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    // at least two ticks with several instances up (the file's other tests took part of the wait;
    // each further minute is a minute of the PostgreSQL run's critical path)
    const minutes = (Date.now() - startedAt) / 60_000;
    if (minutes < 3) await new Promise((r) => setTimeout(r, (3 - minutes) * 60_000));
    const [rows] = await setup.sql([
      "select name, to_char(date_trunc('minute', created_on), 'HH24:MI') as minute, count(*)::int as n from pgboss.job where name in ('expire-documents', 'sweep-lost-work') group by 1, 2 order by 1, 2",
    ]);
    for (const name of ["expire-documents", "sweep-lost-work"]) {
      const ticks = rows!.filter((r) => r.name === name);
      expect(ticks.length, `${name} ticks: ${JSON.stringify(ticks)}`).toBeGreaterThanOrEqual(2);
      expect(ticks.filter((t) => t.n !== 1), `${name}: more than one run in a minute: ${JSON.stringify(ticks)}`).toEqual([]);
    }

    // pg-boss forwards an occurrence at least once: a forward repeated (its worker died before
    // the forward was marked done) or late into the next minute must not make a second run
    await roomInMinute(15);
    const boss = new PgBoss({ connectionString: setup.databaseUrl, schema: "pgboss", supervise: false, schedule: false, migrate: false });
    boss.on("error", () => {});
    await boss.start();
    try {
      for (const name of ["expire-documents", "sweep-lost-work"]) {
        const [schedule] = await boss.getSchedules(name);
        expect(schedule, `${name} is scheduled`).toBeTruthy();
        // what pg-boss's send-it handler does with an occurrence, twice
        for (let i = 0; i < 2; i++) await boss.send({ name, data: schedule!.data, options: schedule!.options });
        const [thisMinute] = await setup.sql([
          { text: "select count(*)::int as n from pgboss.job where name = $1 and date_trunc('minute', created_on) = date_trunc('minute', now())", params: [name] },
        ]);
        expect(thisMinute![0].n, `${name} jobs this minute after two forwards`).toBe(1);
      }
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
  });
});

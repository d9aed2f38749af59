// Callbacks (spec 6.1, 6.2, 6.3, 8 and docs/api-decisions.md "Callbacks",
// "Sending from templates"): document events and sending-request outcomes
// POSTed to a local receiver (e2e/api/support/callback-receiver.ts, on
// 127.0.0.1 in 8000-8099; the test server runs with
// CALLBACKS_ALLOW_PRIVATE_NETWORKS=true, set by e2e/run-all.mjs), the
// Standard Webhooks headers, retries with a stable webhook-id, and the
// callback URL rules checked at submission. Signatures are verified by the
// receiver's own Standard Webhooks code with the account's secret, read from
// `GET /ext/callback_secret` (docs/api-decisions.md "Extensions").
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "./helpers";
import { startCallbackReceiver, type CallbackReceiver, type ReceivedRequest } from "./support/callback-receiver";
import { expectBadInput, expectTimestamp, ISO_TIMESTAMP_NUMERIC_OFFSET, VERSIONS } from "./support/checks";
import {
  createRequest,
  embedBody,
  getRequest,
  makePdf,
  prepareBody,
  sendBody,
  sendDocument,
  sendingRequestBody,
  submitFile,
  templateCall,
  templateOf,
  tokensFor,
  waitForFinal,
  type SendKind,
} from "./support/sending";

// sam (account "Sending") sends: his documents stay out of alice's lists, and
// rotating his account's secret touches no other test.
const template = templateOf("sam");

let t: Record<"sam" | "samRead", string>;
let receiver: CallbackReceiver;
/** sam's account's callback signing secret, once read. */
let secret: string | undefined;

/** The secret from GET /ext/callback_secret (read scope), read once. */
async function accountSecret(): Promise<string> {
  if (secret) return secret;
  const res = await api("/ext/callback_secret", { token: t.samRead });
  expect({ status: res.status, body: res.body }, "GET /ext/callback_secret").toEqual({ status: 200, body: { callback_secret: expect.stringMatching(/^whsec_/) } });
  return (secret = res.body.callback_secret as string);
}

/** The request is signed with the account's secret over "<id>.<timestamp>.<body>" (verified by the receiver's own code). */
async function expectVerified(req: ReceivedRequest) {
  expect(receiver.verify(await accountSecret(), req)).toEqual({ ok: true });
}
/** Per path: how many more requests answer 500 (the rest answer 200). */
const failing = new Map<string, number>();
/** Per path: answer with a redirect. */
const redirecting = new Map<string, string>();

beforeAll(async () => {
  t = await tokensFor(["sam", "samRead"], { dashboard: true });
  receiver = await startCallbackReceiver();
  receiver.setDefault((req) => {
    const path = req.path.split("?")[0]!;
    const left = failing.get(path) ?? 0;
    if (left > 0) {
      failing.set(path, left - 1);
      return { status: 500, body: "failing on purpose" };
    }
    const to = redirecting.get(path);
    if (to) {
      // once: the retry is then delivered and does not linger in the server's queue
      redirecting.delete(path);
      return { status: 302, headers: { location: to }, body: "" };
    }
    return { status: 200, body: "ok" };
  });
});
afterAll(async () => {
  await receiver?.close();
});

let counter = 0;
/** A fresh path on the receiver for one test. */
const freshPath = (what: string) => `/${what}-${++counter}-${crypto.randomBytes(4).toString("hex")}`;
const at = (path: string) => (req: ReceivedRequest) => req.path === path;
const on = (path: string) => receiver.requests.filter(at(path));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Standard Webhooks headers in the form the decisions describe; answers them. */
function expectWebhookHeaders(req: ReceivedRequest) {
  const id = req.headers["webhook-id"];
  const timestamp = req.headers["webhook-timestamp"];
  const signature = req.headers["webhook-signature"];
  expect(typeof id, "webhook-id header").toBe("string");
  expect(id as string).toMatch(/^[\x21-\x7e]{8,200}$/);
  expect(timestamp as string, "webhook-timestamp is Unix seconds").toMatch(/^\d{9,11}$/);
  expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(120);
  expect(typeof signature, "webhook-signature header").toBe("string");
  // "v1,<base64 HMAC-SHA256>": one or more space-separated entries
  const entries = (signature as string).split(" ");
  for (const entry of entries) expect(entry).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  expect(Buffer.from(entries[0]!.slice(3), "base64")).toHaveLength(32);
  return { id: id as string, timestamp: Number(timestamp), signature: signature as string };
}

function expectDocumentPayload(req: ReceivedRequest, expected: { id: string; event: string; documentState: string }, near: number) {
  expect(req.method).toBe("POST");
  expect(req.headers["content-type"] ?? "").toMatch(/^application\/json/);
  expect(req.json).toEqual({ callbackType: "Document", ...expected, createdAt: expect.any(String) });
  const createdAt = (req.json as { createdAt: string }).createdAt;
  expect(createdAt).toMatch(ISO_TIMESTAMP_NUMERIC_OFFSET);
  expect(Math.abs(Date.parse(createdAt) - near)).toBeLessThan(60_000);
}

// ---------------------------------------------------------------- document callbacks (6.1)

describe.each(VERSIONS)("document callbacks (/public/%s)", (v) => {
  it("send_document with callback_url → a `created` callback with exactly the spec 6.1 fields, signed, delivered once", async () => {
    const path = freshPath(`created-${v}`);
    const before = Date.now();
    const doc = await sendDocument(v, t.sam, template.id, { callback_url: receiver.url(path) });
    const req = await receiver.waitFor(at(path), 30_000);
    expectDocumentPayload(req, { id: doc.id, event: "created", documentState: "pending" }, before);
    expectWebhookHeaders(req);
    await sleep(2000);
    expect(on(path), "one delivery after a 200").toHaveLength(1);
    await expectVerified(req);
    // the signature is specific: another key, another body or another id does not verify
    const key = await accountSecret();
    expect(receiver.verify(`whsec_${crypto.randomBytes(24).toString("base64")}`, req).ok).toBe(false);
    expect(receiver.verify(key, { ...req, rawBody: req.rawBody.replace("pending", "voided") }).ok).toBe(false);
    expect(receiver.verify(key, { ...req, headers: { ...req.headers, "webhook-id": "msg_other" } }).ok).toBe(false);
  });

  it("void → a `voided` callback (a new webhook-id) to the document's callback_url", async () => {
    const path = freshPath(`voided-${v}`);
    const doc = await sendDocument(v, t.sam, template.id, { callback_url: receiver.url(path) });
    const created = await receiver.waitFor(at(path), 30_000);
    const before = Date.now();
    const voided = await api(`/public/${v}/documents/${doc.id}/void`, { token: t.sam, method: "POST" });
    expect(voided.status, voided.text).toBe(200);
    const req = await receiver.waitFor((r) => at(path)(r) && (r.json as any)?.event === "voided", 30_000);
    expectDocumentPayload(req, { id: doc.id, event: "voided", documentState: "voided" }, before);
    expect(expectWebhookHeaders(req).id).not.toBe(expectWebhookHeaders(created).id);
    await expectVerified(req);
  });
});

describe("other ways of creating documents", () => {
  it("embed_document with callback_url → `created` (pending)", async () => {
    const path = freshPath("embed");
    const before = Date.now();
    const res = await templateCall("v2", "embed_document", template.id, t.sam, embedBody({ callback_url: receiver.url(path) }));
    expect(res.status, res.text).toBe(200);
    const req = await receiver.waitFor(at(path), 30_000);
    expectDocumentPayload(req, { id: res.body.document.id, event: "created", documentState: "pending" }, before);
  });

  it("prepare_document: no callback for the draft; `created` (pending) once it is sent from the preparation page", async () => {
    const path = freshPath("prepare");
    const res = await templateCall("v2", "prepare_document", template.id, t.sam, prepareBody({ callback_url: receiver.url(path) }));
    expect(res.status, res.text).toBe(200);
    const id = new URL(res.body.url).pathname.split("/")[2]!;
    await sleep(3000);
    expect(on(path), "no callback while the document is a draft").toHaveLength(0);

    const before = Date.now();
    // What the preparation page's "Send for signature" calls.
    const sent = await api(`/ext/documents/${id}/send`, { token: t.sam, method: "POST", body: {} });
    expect(sent.status, sent.text).toBe(200);
    const req = await receiver.waitFor(at(path), 30_000);
    expectDocumentPayload(req, { id, event: "created", documentState: "pending" }, before);
  });

  it("credentials in the callback URL are sent as Basic authorization (spec 6.3)", async () => {
    const path = freshPath("basic");
    const url = receiver.url(path).replace("http://", "http://hook-user:p%40ss%3Aword@");
    const doc = await sendDocument("v2", t.sam, template.id, { callback_url: url });
    const req = await receiver.waitFor(at(path), 30_000);
    expect((req.json as any).id).toBe(doc.id);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from("hook-user:p@ss:word").toString("base64")}`);
  });
});

// ---------------------------------------------------------------- retries

describe("delivery", () => {
  it("a receiver answering 500 gets the same callback again (same webhook-id and body) about 10 s later", { timeout: 70_000 }, async () => {
    const path = freshPath("retry");
    failing.set(path, 1);
    const doc = await sendDocument("v2", t.sam, template.id, { callback_url: receiver.url(path) });
    const first = await receiver.waitFor(at(path), 30_000);
    const second = await receiver.waitFor((r) => at(path)(r) && r.index > first.index, 40_000);
    expect((first.json as any).id).toBe(doc.id);
    const h1 = expectWebhookHeaders(first);
    const h2 = expectWebhookHeaders(second);
    expect(h2.id).toBe(h1.id);
    expect(second.rawBody).toBe(first.rawBody);
    const gap = second.receivedAt.getTime() - first.receivedAt.getTime();
    expect(gap).toBeGreaterThanOrEqual(5_000);
    // the timestamp is that of the attempt, and the signature covers it
    expect(h2.timestamp).toBeGreaterThan(h1.timestamp);
    expect(h2.signature).not.toBe(h1.signature);
    await sleep(2000);
    expect(on(path), "delivered on the second attempt: no third").toHaveLength(2);
    // both attempts are in the document's delivery log (docs/api-decisions.md "Callbacks", "Extensions")
    const log = await api(`/ext/documents/${doc.id}/callbacks`, { token: t.sam });
    expect(log.status, log.text).toBe(200);
    const created = log.body.deliveries.filter((d: any) => d.event === "created");
    expect(created).toHaveLength(1);
    expect(created[0].status).toBe("delivered");
    const attempts = [...created[0].attempts].sort((a: any, b: any) => Date.parse(a.attempted_at) - Date.parse(b.attempted_at));
    expect(attempts.map((a: any) => a.status_code)).toEqual([500, 200]);
    // each attempt is signed for its own timestamp
    await expectVerified(first);
    await expectVerified(second);
  });

  it("redirects are not followed", async () => {
    const path = freshPath("redirect");
    const target = freshPath("redirect-target");
    redirecting.set(path, receiver.url(target));
    await sendDocument("v2", t.sam, template.id, { callback_url: receiver.url(path) });
    await receiver.waitFor(at(path), 30_000);
    await sleep(3000);
    expect(on(target)).toHaveLength(0);
  });
});

// ---------------------------------------------------------------- sending-request callbacks (6.2)

describe("sending-request callbacks", () => {
  it("completed → {sending_request: {id, status, document_template_id, created_at, updated_at}}; the document's own `created` goes to document[callback_url]", { timeout: 120_000 }, async () => {
    const srPath = freshPath("sr-completed");
    const docPath = freshPath("sr-document");
    const pdf = await makePdf({ pages: 1, lines: [{ page: 1, text: "[[signature|Client]]" }] });
    const { id } = await submitFile("v2", t.sam, pdf, { document: { callback_url: receiver.url(docPath) }, top: { callback_url: receiver.url(srPath) } });
    const req = await receiver.waitFor(at(srPath), 90_000);
    const status = await waitForFinal("v2", t.sam, id);
    expect(status.status).toBe("completed");
    expect(req.headers["content-type"] ?? "").toMatch(/^application\/json/);
    expect(req.json).toEqual({
      sending_request: {
        id,
        status: "completed",
        document_template_id: status.document_template_id,
        created_at: status.created_at,
        updated_at: expect.any(String),
      },
    });
    expectTimestamp((req.json as any).sending_request.updated_at, "updated_at");
    expectWebhookHeaders(req);

    const docReq = await receiver.waitFor(at(docPath), 30_000);
    expectDocumentPayload(docReq, { id: status.document_template_id, event: "created", documentState: "pending" }, Date.now());
    expect(expectWebhookHeaders(docReq).id).not.toBe(expectWebhookHeaders(req).id);
    // the request's callback is not sent to the document's URL or the other way round
    expect(on(srPath)).toHaveLength(1);
    expect(on(docPath)).toHaveLength(1);
    await expectVerified(req);
    await expectVerified(docReq);
  });

  it("errored → {sending_request: {id, status, status_message, document_template_id: null, created_at, updated_at}}, and no document callback", { timeout: 120_000 }, async () => {
    const srPath = freshPath("sr-errored");
    const docPath = freshPath("sr-errored-document");
    const text = new TextEncoder().encode("Not a PDF, just some words.\n");
    const { id } = await submitFile("v2", t.sam, text, { document: { callback_url: receiver.url(docPath) }, top: { callback_url: receiver.url(srPath) } });
    const req = await receiver.waitFor(at(srPath), 90_000);
    const status = await waitForFinal("v2", t.sam, id);
    expect(status.status).toBe("errored");
    expect(req.json).toEqual({
      sending_request: {
        id,
        status: "errored",
        status_message: status.status_message,
        document_template_id: null,
        created_at: status.created_at,
        updated_at: expect.any(String),
      },
    });
    expect(typeof status.status_message).toBe("string");
    expectWebhookHeaders(req);
    await sleep(2000);
    expect(on(docPath)).toHaveLength(0);
    await expectVerified(req);
  });

  it("no callback_url: nothing is sent (the request completes all the same)", { timeout: 120_000 }, async () => {
    const seen = receiver.requests.length;
    const { id } = await submitFile("v2", t.sam, await makePdf());
    expect((await waitForFinal("v2", t.sam, id)).status).toBe("completed");
    await sleep(1500);
    const late = receiver.requests.slice(seen).filter((r) => (r.json as any)?.sending_request?.id === id);
    expect(late).toHaveLength(0);
    expect((await getRequest("v2", t.sam, id)).body.status).toBe("completed");
  });
});

// ---------------------------------------------------------------- callback URL rules (6.3)

const REFUSED = [
  "http://127.0.0.1:9999/hook",
  "http://example.com:8100/hook",
  "http://example.com:443/hook",
  "https://example.com:8443/hook",
  "https://example.com:80/hook",
  "ftp://example.com/hook",
  "http://example.com/hook#fragment",
  "example.com/hook",
];
const ACCEPTED = ["http://callback.invalid/hook", "http://callback.invalid:3009/hook", "http://callback.invalid:8000/hook", "https://callback.invalid/hook"];

describe.each(VERSIONS)("callback URL rules on /public/%s", (v) => {
  it.each(["send_document", "embed_document", "prepare_document"] as SendKind[])("%s: a URL breaking spec 6.3 → 422 naming callback_url", async (kind) => {
    const body = (url: string) => (kind === "send_document" ? sendBody : kind === "embed_document" ? embedBody : prepareBody)({ callback_url: url });
    for (const url of REFUSED) {
      const res = await templateCall(v, kind, template.id, t.sam, body(url));
      expect({ url, status: res.status }).toEqual({ url, status: 422 });
      expectBadInput(res, "callback_url");
    }
  });

  it("send_document accepts the allowed schemes and ports (HTTP 80, 3000-3009, 8000-8099; HTTPS 443)", async () => {
    for (const url of ACCEPTED) {
      const res = await templateCall(v, "send_document", template.id, t.sam, sendBody({ callback_url: url }));
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
    }
  });

  it("sending requests: a bad document[callback_url] or callback_url → 422 naming which", async () => {
    const docBad = await createRequest(v, t.sam, sendingRequestBody({ document: { callback_url: "http://127.0.0.1:9999/" } }));
    expectBadInput(docBad, "document[callback_url]");
    const topBad = await createRequest(v, t.sam, sendingRequestBody({ top: { callback_url: "http://127.0.0.1:9999/" } }));
    expectBadInput(topBad, "callback_url");
    expect(topBad.body.error).not.toContain("document[callback_url]");
    const ok = await createRequest(v, t.sam, sendingRequestBody({ document: { callback_url: receiver.url("/unused") }, top: { callback_url: receiver.url("/unused") } }));
    expect(ok.status, ok.text).toBe(200);
  });
});

// ---------------------------------------------------------------- the signing secret

describe("rotating the callback secret (POST /ext/callback_secret)", () => {
  it("callbacks are signed with the new secret from then on; the old one no longer verifies", async () => {
    const old = await accountSecret();
    const rotated = await api("/ext/callback_secret", { token: t.sam, method: "POST" });
    expect(rotated.status, rotated.text).toBe(200);
    const fresh: string = rotated.body.callback_secret;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(fresh).not.toBe(old);
    expect((await api("/ext/callback_secret", { token: t.samRead })).body).toEqual({ callback_secret: fresh });

    const path = freshPath("rotated");
    await sendDocument("v2", t.sam, template.id, { callback_url: receiver.url(path) });
    const req = await receiver.waitFor(at(path), 30_000);
    expect(receiver.verify(fresh, req)).toEqual({ ok: true });
    expect(receiver.verify(old, req).ok).toBe(false);
    secret = fresh;
  });
});

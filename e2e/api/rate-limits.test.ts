// API rate limits (issue 11 point 8, docs/api-decisions.md "Rate limits") on a
// server of its own with small limits: 3 send operations a minute and 5 an
// hour, 20 other writes and 40 reads a minute. X-RateLimit-Limit, -Remaining
// and -Reset on every answer to an authenticated call; 429 with Retry-After
// and a JSON error from the catalog once over; counted per private token and
// per application and user (a second token is unaffected, a refreshed OAuth
// token is not a fresh start); atomic under concurrent requests; and, on
// PostgreSQL runs, one count across two instances of the service. The private
// tokens are made with the CLI's token:create (issue 11 point 1).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT_URI_FOR_OWN_SERVER } from "./support/own-database";
import { ownServer, prepareOwnServer, teardownAll, tokenAt, type OwnServer, type OwnServerSetup } from "./support/own-server";
import { sendingRequestBody } from "./support/sending";
import { jsonCall, type JsonAnswer } from "./support/json-call";

const LIMITS = { send: 3, sendHour: 5, write: 20, read: 40 };
const USER = { email: "rate@limits.example", password: "rate-Pa55word-e2e", name: "Rita Rate" };
const OTHER = { email: "other@limits.example", password: "other-Pa55word-e2e", name: "Otto Other" };
const RATE_LIMITED = /^Rate limit exceeded\. At most (\d+) send operations per (minute|hour); retry in (\d+) seconds\.$/;

let setup: OwnServerSetup;
let server: OwnServer | undefined;
let second: OwnServer | undefined;
const tokens: Record<string, string> = {};
let app: { client_id: string; client_secret: string; redirect_uri: string };
let otherApp: { client_id: string; client_secret: string; redirect_uri: string };

type Res = JsonAnswer;

const call = (token: string | undefined, path: string, opts: { method?: string; body?: unknown; base?: string } = {}): Promise<Res> =>
  jsonCall(opts.base ?? server!.baseUrl, token, path, opts);

const send = (token: string, base?: string) => call(token, "/public/v2/sending_requests", { body: sendingRequestBody({ document: { name: "Rate-limited" } }), base });

function rateHeaders(res: Res) {
  return {
    limit: Number(res.headers.get("x-ratelimit-limit")),
    remaining: Number(res.headers.get("x-ratelimit-remaining")),
    reset: Number(res.headers.get("x-ratelimit-reset")),
    retryAfter: res.headers.get("retry-after"),
  };
}

/** The headers are there, well-formed, and the reset is the end of the current window. */
function expectHeaders(res: Res, limit: number, windowSeconds = 60) {
  const h = rateHeaders(res);
  expect({ status: res.status, limit: h.limit }, res.text).toEqual({ status: res.status, limit });
  expect(Number.isInteger(h.remaining) && h.remaining >= 0 && h.remaining <= limit).toBe(true);
  const now = Date.now() / 1000;
  expect(h.reset % windowSeconds).toBe(0);
  expect(h.reset).toBeGreaterThan(now - 2);
  expect(h.reset).toBeLessThanOrEqual(now + windowSeconds + 2);
  return h;
}

function expect429(res: Res, limit: number, per: "minute" | "hour") {
  expect(res.status, res.text).toBe(429);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  const m = RATE_LIMITED.exec(res.body.error);
  expect(m, res.text).not.toBeNull();
  expect([Number(m![1]), m![2]]).toEqual([limit, per]);
  const h = expectHeaders(res, limit, per === "minute" ? 60 : 3600);
  expect(h.remaining).toBe(0);
  const retryAfter = Number(h.retryAfter);
  expect(retryAfter).toBe(Number(m![3]));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(per === "minute" ? 60 : 3600);
  // Retry-After points at the end of the window the headers name
  expect(Math.abs(Date.now() / 1000 + retryAfter - h.reset)).toBeLessThanOrEqual(2);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts a series of calls with at least `minute` seconds left in the current
 * minute and `hour` in the current hour, so that no window ends mid-test.
 */
async function roomInWindow(minute: number, hour = minute) {
  const now = Date.now() / 1000;
  const toMinute = 60 - (now % 60);
  const toHour = 3600 - (now % 3600);
  if (toHour < hour) await sleep((toHour + 0.5) * 1000);
  else if (toMinute < minute) await sleep((toMinute + 0.5) * 1000);
}

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "rate-limits", fromPort: 3740 });
  server = setup.server;
  if (!server) return;
  Object.assign(server.env, {
    RATE_LIMIT_SEND_PER_MINUTE: String(LIMITS.send),
    RATE_LIMIT_SEND_PER_HOUR: String(LIMITS.sendHour),
    RATE_LIMIT_WRITE_PER_MINUTE: String(LIMITS.write),
    RATE_LIMIT_READ_PER_MINUTE: String(LIMITS.read),
  });
  const results = await server.cliBatch([
    ["user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--account", "Rates"],
    ["user:create", "--email", OTHER.email, "--password", OTHER.password, "--name", OTHER.name, "--account", "Others"],
    ["app:create", "--owner", USER.email, "--name", "Rate app", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER],
    ["app:create", "--owner", USER.email, "--name", "Rate app two", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER],
    ...["a", "b", "c", "d", "e"].map((k) => ["token:create", "--owner", USER.email, "--name", `token ${k}`]),
    ["token:create", "--owner", USER.email, "--name", "read only", "--scope", "read"],
  ]);
  app = results[2];
  otherApp = results[3];
  for (const [i, k] of ["a", "b", "c", "d", "e"].entries()) tokens[k] = results[4 + i].token;
  tokens.read = results[9].token;
  cliOutput = results.slice(4);
  await server.start();
}, 300_000);

afterAll(() => teardownAll(setup, second), 60_000);

let cliOutput: any[] = [];

describe("token:create (CLI)", () => {
  it("prints the token once with its name and scope; a bad scope is a usage error", async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    expect(cliOutput[0]).toEqual({
      id: expect.any(String),
      token: expect.stringMatching(/^pat_[A-Za-z0-9_-]{43}$/),
      name: "token a",
      scope: "read write",
      owner: USER.email,
      created_at: expect.any(String),
    });
    expect(cliOutput[5]).toMatchObject({ name: "read only", scope: "read" });
    // The token works over HTTP (Basic, the real service's form) and acts for its user.
    const res = await fetch(new URL("/public/v2/me", server!.baseUrl), { headers: { Authorization: `Basic ${Buffer.from(tokens.a!).toString("base64")}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).user.email).toBe(USER.email);
  });
});

describe("rate limits", () => {
  it("every answer to an authenticated call carries X-RateLimit-*: reads, writes, errors, refusals", { timeout: 90_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    await roomInWindow(10);
    const me = await call(tokens.a, "/public/v2/me");
    expect(me.status).toBe(200);
    const first = expectHeaders(me, LIMITS.read);
    expect(first.retryAfter).toBeNull();
    const again = expectHeaders(await call(tokens.a, "/public/v2/me"), LIMITS.read);
    expect(again.remaining).toBe(first.remaining - 1);

    // errors after authentication: 401 from the catalog, 422, 400 invalid_scope, 403 on /ext
    const unknown = await call(tokens.a, "/public/v2/documents/00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(401);
    expectHeaders(unknown, LIMITS.read);
    const badInput = await call(tokens.a, "/public/v2/documents?per_page=1000");
    expect(badInput.status).toBe(422);
    expectHeaders(badInput, LIMITS.read);
    const ext = await call(tokens.a, "/ext/account");
    expect(ext.status).toBe(403);
    expectHeaders(ext, LIMITS.read);
    const scope = await call(tokens.read, "/public/v2/documents/00000000-0000-4000-8000-000000000000/update_tags", { body: { tags: {} } });
    expect(scope.body).toEqual({ error: "invalid_scope" });
    expectHeaders(scope, LIMITS.write);

    // a write (other than sending) has its own limit
    const write = await call(tokens.a, "/public/v2/documents/00000000-0000-4000-8000-000000000000/update_tags", { body: { tags: { a: "b" } } });
    expect(write.status).toBe(401);
    expect(expectHeaders(write, LIMITS.write).remaining).toBe(LIMITS.write - 1);

    // a send: the minute limit is the closer one
    const sent = await send(tokens.a!);
    expect(sent.status, sent.text).toBe(200);
    expect(expectHeaders(sent, LIMITS.send).remaining).toBe(LIMITS.send - 1);

    // Without a (live) token nothing is counted, so there is nothing to report.
    const anonymous = await call(undefined, "/public/v2/me");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-ratelimit-limit")).toBeNull();
  });

  it("past the send limit: 429, Retry-After and a JSON error; reads go on; a second token is unaffected", { timeout: 90_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    await roomInWindow(15);
    const b = tokens.b!;
    for (let i = 1; i <= LIMITS.send; i++) {
      const res = await send(b);
      expect(res.status, res.text).toBe(200);
      expect(expectHeaders(res, LIMITS.send).remaining).toBe(LIMITS.send - i);
    }
    const refused = await send(b);
    expect429(refused, LIMITS.send, "minute");
    // the refusal created nothing, and repeating it is refused too
    expect429(await send(b), LIMITS.send, "minute");
    // other kinds of call are counted apart
    expect((await call(b, "/public/v2/me")).status).toBe(200);
    // another token of the same user starts from its own count
    const other = await send(tokens.c!);
    expect(other.status, other.text).toBe(200);
    expect(rateHeaders(other).remaining).toBe(LIMITS.send - 1);
  });

  it("OAuth tokens count per application and user: a new token of the same grant shares the count, another application does not", { timeout: 90_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const first = await tokenAt(server!.baseUrl, USER, app);
    const again = await tokenAt(server!.baseUrl, USER, app);
    const elsewhere = await tokenAt(server!.baseUrl, USER, otherApp);
    await roomInWindow(15);
    for (let i = 0; i < LIMITS.send; i++) expect((await send(first)).status).toBe(200);
    expect429(await send(again), LIMITS.send, "minute");
    expect((await send(elsewhere)).status).toBe(200);
  });

  it("holds under concurrent requests: of 10 sends at once exactly the limit succeed", { timeout: 90_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    await roomInWindow(15);
    const results = await Promise.all(Array.from({ length: 10 }, () => send(tokens.d!)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(LIMITS.send).fill(200), ...Array(10 - LIMITS.send).fill(429)]);
    // (past the hour's 5 as well, a refusal names the hour: the longer wait)
    for (const r of results.filter((x) => x.status === 429)) {
      expect(r.body.error).toMatch(RATE_LIMITED);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
    }
  });

  it("the hour limit: once a new minute starts the token may send again, up to the hour's", { timeout: 180_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const e = tokens.e!;
    await roomInWindow(10, 100);
    for (let i = 0; i < LIMITS.send; i++) expect((await send(e)).status).toBe(200);
    expect429(await send(e), LIMITS.send, "minute");
    // (the refused send counted too: 4 of the hour's 5 are used)
    await sleep((60 - ((Date.now() / 1000) % 60) + 0.5) * 1000);
    const fifth = await send(e);
    expect(fifth.status, fifth.text).toBe(200);
    // now the hour is the closer limit, and the headers say so
    const h = expectHeaders(fifth, LIMITS.sendHour, 3600);
    expect(h.remaining).toBe(0);
    expect429(await send(e), LIMITS.sendHour, "hour");
  });

  it("PostgreSQL: two instances of the service share one count", { timeout: 300_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    if (!setup.database?.url) ctx.skip("embedded PGlite is one process: several instances need PostgreSQL (TEST_DATABASE_URL)");
    second = await ownServer({ name: "rate-limits-second", fromPort: 3760, databaseUrl: setup.database!.url });
    Object.assign(second.env, {
      RATE_LIMIT_SEND_PER_MINUTE: String(LIMITS.send),
      RATE_LIMIT_SEND_PER_HOUR: String(LIMITS.sendHour),
      RATE_LIMIT_WRITE_PER_MINUTE: String(LIMITS.write),
      RATE_LIMIT_READ_PER_MINUTE: String(LIMITS.read),
      RUN_WORKER: "false",
    });
    await second.start();
    const token = (await server!.cli("token:create", "--owner", OTHER.email, "--name", "two instances")).token as string;
    await roomInWindow(15);
    expect((await send(token, server!.baseUrl)).status).toBe(200);
    expect((await send(token, second.baseUrl)).status).toBe(200);
    expect((await send(token, server!.baseUrl)).status).toBe(200);
    expect429(await send(token, second.baseUrl), LIMITS.send, "minute");
    expect429(await send(token, server!.baseUrl), LIMITS.send, "minute");
  });
});

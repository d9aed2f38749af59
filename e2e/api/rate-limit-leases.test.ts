// Rate limits counted from leased blocks (issue 14 point 1): an instance
// takes a block of a window's quota from the shared counter in one statement
// (1/50th of the limit: 10 of a 500-a-minute read limit here) and counts
// requests against it in memory. On one instance every request is still
// numbered exactly (X-RateLimit-Remaining goes down by one, the 501st read is
// a 429 with the usual message); the counter row is written once per block,
// not once per request; and on PostgreSQL runs two instances together never
// accept more than the limit, refusing at most a block per instance early.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonCall, type JsonAnswer } from "./support/json-call";
import { ownServer, prepareOwnServer, teardownAll, type OwnServer, type OwnServerSetup } from "./support/own-server";

const READ_LIMIT = 500;
const BLOCK = 10;
const USER = { email: "lease@limits.example", password: "lease-Pa55word-e2e", name: "Lea Lease" };
const RATE_LIMITED = /^Rate limit exceeded\. At most 500 read requests per minute; retry in (\d+) seconds\.$/;

let setup: OwnServerSetup;
let server: OwnServer | undefined;
let second: OwnServer | undefined;
const tokens: Record<string, { id: string; token: string }> = {};

type Res = JsonAnswer;

const read = (token: string, base = server!.baseUrl): Promise<Res> => jsonCall(base, token, "/public/v2/me");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits for a new minute when fewer than `seconds` are left in this one. */
async function roomInMinute(seconds: number) {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < seconds) await sleep((left + 0.5) * 1000);
}

function limits(s: OwnServer) {
  Object.assign(s.env, { RATE_LIMIT_READ_PER_MINUTE: String(READ_LIMIT), RATE_LIMIT_WRITE_PER_MINUTE: "1000" });
}

function expectRefusal(r: Res) {
  expect(r.status, r.text).toBe(429);
  const m = RATE_LIMITED.exec(r.body.error);
  expect(m, r.text).not.toBeNull();
  expect(r.headers.get("retry-after")).toBe(m![1]);
  expect(r.headers.get("x-ratelimit-limit")).toBe(String(READ_LIMIT));
  expect(r.headers.get("x-ratelimit-remaining")).toBe("0");
}

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "rate-limit-leases", fromPort: 3870 });
  server = setup.server;
  if (!server) return;
  limits(server);
  const names = ["exact", "rows", "fleet"];
  const results = await server.cliBatch([
    ["user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--account", "Leases"],
    ...names.map((n) => ["token:create", "--owner", USER.email, "--name", n]),
  ]);
  names.forEach((n, i) => (tokens[n] = { id: results[1 + i].id, token: results[1 + i].token }));
  await server.start();
}, 300_000);

afterAll(() => teardownAll(setup, second), 60_000);

describe("rate limits from leased blocks", () => {
  it("one instance: every request numbered exactly, the limit+1st refused with the usual 429", { timeout: 120_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    await roomInMinute(40);
    const t = tokens.exact!.token;
    for (let i = 1; i <= 2 * BLOCK + 5; i++) {
      const r = await read(t);
      expect(r.status, r.text).toBe(200);
      expect(r.headers.get("x-ratelimit-remaining")).toBe(String(READ_LIMIT - i));
    }
    // the rest of the limit, 25 at a time: all accepted, remaining values all distinct
    let done = 2 * BLOCK + 5;
    const seen = new Set<string>();
    while (done < READ_LIMIT) {
      const batch = await Promise.all(Array.from({ length: Math.min(25, READ_LIMIT - done) }, () => read(t)));
      for (const r of batch) {
        expect(r.status, r.text).toBe(200);
        seen.add(r.headers.get("x-ratelimit-remaining")!);
      }
      done += batch.length;
    }
    expect(seen.size).toBe(READ_LIMIT - 2 * BLOCK - 5);
    expect(seen.has("0")).toBe(true);
    for (let i = 0; i < 3; i++) expectRefusal(await read(t));
  });

  it("the shared counter is written once per block of requests, not once per request", { timeout: 120_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    await roomInMinute(20);
    const t = tokens.rows!;
    for (let i = 0; i < 2 * BLOCK + 5; i++) expect((await read(t.token)).status).toBe(200);
    // PGlite can be read only by one process: the server stops (the last test on PGlite runs).
    if (!setup.database?.url) await server!.stop();
    const [res] = await setup.sql([{ text: "select count from api_rate_counters where subject = $1 and bucket = 'read:60'", params: [`pat:${t.id}`] }]);
    // 25 requests took three blocks of 10 (counting each request would have left 25)
    expect(res!.rows.map((r) => Number(r.count))).toEqual([3 * BLOCK]);
  });

  it("PostgreSQL: two instances together never accept more than the limit", { timeout: 300_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    if (!setup.database?.url) ctx.skip("embedded PGlite is one process: several instances need PostgreSQL (TEST_DATABASE_URL)");
    second = await ownServer({ name: "rate-limit-leases-second", fromPort: 3890, databaseUrl: setup.database!.url });
    limits(second);
    second.env.RUN_WORKER = "false";
    await second.start();
    await roomInMinute(45);
    const t = tokens.fleet!.token;
    let accepted = 0;
    const refused: Res[] = [];
    for (let round = 0; round < 27; round++) {
      const batch = await Promise.all(Array.from({ length: 20 }, (_, i) => read(t, i % 2 ? second!.baseUrl : server!.baseUrl)));
      for (const r of batch) {
        if (r.status === 200) accepted++;
        else refused.push(r);
      }
    }
    expect(accepted).toBeLessThanOrEqual(READ_LIMIT);
    // at most one unspent block per instance is lost
    expect(accepted).toBeGreaterThanOrEqual(READ_LIMIT - 2 * BLOCK);
    expect(refused.length).toBe(27 * 20 - accepted);
    for (const r of refused) expectRefusal(r);
  });
});

// Authentication served from a short, bounded in-process cache (issue 14
// point 1), on a server of its own: the answers are exactly those of a
// database lookup every time (owner, scopes, the 401/400/403 messages for
// missing, invalid, expired and revoked tokens, repeated so that the second
// answer comes from the cache), a revocation or a change of the user's
// profile is seen by the very next call, and on PostgreSQL runs a second
// instance of the service on the same database refuses a token revoked
// through the first within one second (private token revoke, the OAuth
// revoke endpoint, a password change ending the other dashboard sessions),
// while repeated calls of a live token do not look it up in the database.
// Invalidation is issued by the services that change what a cached owner
// carries (profile, password, saved signatures, notification settings, the
// account's callback secret), naming the user or the account: each change is
// seen at once by the next call of an already-cached token, here and on a
// second instance, while an ordinary write (send_document) issues none (the
// auth_cache_invalidations_total metric, and on PostgreSQL the NOTIFY channel).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REDIRECT_URI_FOR_OWN_SERVER } from "./support/own-database";
import { importTemplateAt, ownServer, prepareOwnServer, teardownAll, tokenAt, TWO_SIGNER_TEMPLATE, type OwnServer, type OwnServerSetup } from "./support/own-server";
import { signaturePng } from "./support/signing-calls";
import { counterValues, countsMoved } from "./support/metric-counts";

const USER = { email: "cache@auth.example", password: "cache-Pa55word-e2e", name: "Cara Cache" };
const OTHER = { email: "other@auth.example", password: "other-Pa55word-e2e", name: "Olaf Other" };
const DASHBOARD_SECRET = "auth-cache-dashboard-secret-0123456789abcdef";
const MESSAGES = {
  missing: { status: 401, body: { error: "Must be authenticated." } },
  invalid: { status: 401, body: { error: "invalid_token" } },
  scope: { status: 400, body: { error: "invalid_scope" } },
  dashboardOnly: { status: 403, body: { error: "This endpoint is reserved for the service's own dashboard." } },
};

let setup: OwnServerSetup;
let server: OwnServer | undefined;
let second: OwnServer | undefined;
let app: { client_id: string; client_secret: string; redirect_uri: string };
let templateId = "";
const pats: Record<string, { id: string; token: string }> = {};

type Res = { status: number; body: any; text: string };

async function call(token: string | undefined, p: string, opts: { method?: string; body?: unknown; base?: string } = {}): Promise<Res> {
  const method = opts.method ?? (opts.body === undefined ? "GET" : "POST");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(new URL(p, opts.base ?? server!.baseUrl), { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, text };
}

const answer = (r: Res) => ({ status: r.status, body: r.body });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dashboardApp = (base: string) => ({ client_id: "dashboard", client_secret: DASHBOARD_SECRET, redirect_uri: `${base}/api/auth/callback/signing-service` });

/** How long (ms) until `base` refuses the token with invalid_token, polling every 25 ms for up to `limitMs`; -1 if it never does. */
async function refusedWithin(token: string, base: string, limitMs: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 <= limitMs) {
    const r = await call(token, "/public/v2/me", { base });
    if (r.status === 401) {
      expect(r.body).toEqual(MESSAGES.invalid.body);
      return Date.now() - t0;
    }
    expect(r.status, r.text).toBe(200);
    await sleep(25);
  }
  return -1;
}

function serverEnv(s: OwnServer) {
  Object.assign(s.env, { DASHBOARD_CLIENT_SECRET: DASHBOARD_SECRET, RATE_LIMIT_READ_PER_MINUTE: "100000", RATE_LIMIT_WRITE_PER_MINUTE: "100000" });
  delete s.env.METRICS_TOKEN;
}

/** auth_cache_invalidations_total of the server at `base`, by target (user, account, token, client, all). */
const invalidations = (base = server!.baseUrl) => counterValues(base, "auth_cache_invalidations_total");

const sendDocument = (token: string, base = server!.baseUrl) =>
  call(token, `/public/v2/reusable_templates/${templateId}/send_document`, {
    base,
    body: {
      name: "Cached sender's document",
      expires_in: 30,
      roles: [
        { name: "First", signer_name: "Fay First", signer_email: "fay@auth.example" },
        { name: "Second", signer_name: "Sam Second", signer_email: "sam@auth.example" },
      ],
    },
  });

beforeAll(async () => {
  setup = await prepareOwnServer({ name: "auth-cache", fromPort: 3830 });
  server = setup.server;
  if (!server) return;
  serverEnv(server);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "auth-cache-")), "batch.json");
  fs.writeFileSync(
    file,
    JSON.stringify([
      ["user:create", "--email", USER.email, "--password", USER.password, "--name", USER.name, "--account", "Cachers"],
      ["user:create", "--email", OTHER.email, "--password", OTHER.password, "--name", OTHER.name, "--account", "Others"],
      ["app:create", "--owner", USER.email, "--name", "Cache app", "--redirect-uri", REDIRECT_URI_FOR_OWN_SERVER],
      ["token:create", "--owner", USER.email, "--name", "rw"],
      ["token:create", "--owner", USER.email, "--name", "read only", "--scope", "read"],
      ["token:create", "--owner", USER.email, "--name", "to revoke"],
      ["token:create", "--owner", OTHER.email, "--name", "other"],
      ["token:create", "--owner", USER.email, "--name", "two instances"],
    ]),
  );
  const results: any[] = await server.cli("batch", "--file", file);
  app = results[2];
  for (const [i, k] of ["rw", "read", "revoke", "other", "twoInstances"].entries()) pats[k] = { id: results[3 + i].id, token: results[3 + i].token };
  templateId = await importTemplateAt(server, USER.email, { name: "Cached contract", ...TWO_SIGNER_TEMPLATE });
  await server.start();
}, 300_000);

afterAll(() => teardownAll(setup, second), 60_000);

describe("answers from the token cache are the database's answers", () => {
  it("owner, scopes and every refusal are the same on the first call and the repeated (cached) ones", { timeout: 90_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const oauth = await tokenAt(server!.baseUrl, USER, app);
    for (const token of [pats.rw!.token, oauth]) {
      const first = await call(token, "/public/v2/me");
      expect(first.status, first.text).toBe(200);
      expect(first.body.user).toMatchObject({ email: USER.email, name: USER.name });
      for (let i = 0; i < 3; i++) expect(answer(await call(token, "/public/v2/me"))).toEqual(answer(first));
      // the /ext lane stays closed to a third-party or private token, cached or not
      for (let i = 0; i < 2; i++) expect(answer(await call(token, "/ext/profile"))).toEqual(MESSAGES.dashboardOnly);
    }
    // another user's token is that user's, never a cached neighbour's
    expect((await call(pats.other!.token, "/public/v2/me")).body.user.email).toBe(OTHER.email);
    expect((await call(pats.rw!.token, "/public/v2/me")).body.user.email).toBe(USER.email);
    // a read-only token: reads work, writes are invalid_scope, every time
    expect((await call(pats.read!.token, "/public/v2/me")).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect(answer(await call(pats.read!.token, "/public/v2/documents/00000000-0000-4000-8000-000000000000/update_tags", { body: { tags: { a: "b" } } }))).toEqual(
        MESSAGES.scope,
      );
      expect((await call(pats.read!.token, "/public/v2/me")).status).toBe(200);
    }
    // missing and unknown tokens, asked twice
    for (let i = 0; i < 2; i++) {
      expect(answer(await call(undefined, "/public/v2/me"))).toEqual(MESSAGES.missing);
      expect(answer(await call("pat_" + "x".repeat(43), "/public/v2/me"))).toEqual(MESSAGES.invalid);
      expect(answer(await call("y".repeat(43), "/public/v2/me"))).toEqual(MESSAGES.invalid);
    }
  });

  it("a token issued after an unknown token was refused works at once (refusals are not cached)", { timeout: 60_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const dash = await tokenAt(server!.baseUrl, USER, dashboardApp(server!.baseUrl));
    const created = await call(dash, "/ext/api_tokens", { body: { name: "fresh" } });
    expect(created.status, created.text).toBe(200);
    const token = created.body.api_token?.token;
    expect(typeof token).toBe("string");
    expect((await call(token, "/public/v2/me")).status).toBe(200);
  });

  it("a revoked private token, a revoked OAuth token and a profile change are seen by the very next call", { timeout: 90_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const dash = await tokenAt(server!.baseUrl, USER, dashboardApp(server!.baseUrl));
    const pat = pats.revoke!;
    expect((await call(pat.token, "/public/v2/me")).status).toBe(200);
    expect((await call(dash, `/ext/api_tokens/${pat.id}`, { method: "DELETE" })).status).toBe(204);
    expect(answer(await call(pat.token, "/public/v2/me"))).toEqual(MESSAGES.invalid);

    const oauth = await tokenAt(server!.baseUrl, USER, app);
    expect((await call(oauth, "/public/v2/me")).status).toBe(200);
    const revoke = await fetch(new URL("/oauth/revoke", server!.baseUrl), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: oauth, client_id: app.client_id, client_secret: app.client_secret }).toString(),
    });
    expect(revoke.status).toBe(200);
    expect(answer(await call(oauth, "/public/v2/me"))).toEqual(MESSAGES.invalid);

    // the owner's rows are not served stale either: a profile change shows in the next /me of another token
    const before = await call(pats.rw!.token, "/public/v2/me");
    expect(before.body.user.name).toBe(USER.name);
    const renamed = await call(dash, "/ext/profile", { method: "PUT", body: { name: "Cara Renamed", company: "Cachers", timezone: "" } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await call(pats.rw!.token, "/public/v2/me")).body.user.name).toBe("Cara Renamed");
    const back = await call(dash, "/ext/profile", { method: "PUT", body: { name: USER.name, company: "Cachers", timezone: "" } });
    expect(back.status, back.text).toBe(200);
    expect((await call(pats.rw!.token, "/public/v2/me")).body.user.name).toBe(USER.name);
  });

  it("PostgreSQL: an OAuth token that expires while cached is refused once its time is up", { timeout: 60_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    if (!setup.database?.url) ctx.skip("changes a token's expiry in the database while the server runs: PostgreSQL only (PGlite is one process)");
    const oauth = await tokenAt(server!.baseUrl, USER, app);
    await setup.sql([
      `update oauth_tokens set expires_at = now() + interval '1500 milliseconds' where id = (select id from oauth_tokens where client_id <> (select id from oauth_clients where client_id = 'dashboard') order by created_at desc limit 1)`,
    ]);
    expect((await call(oauth, "/public/v2/me")).status).toBe(200);
    await sleep(1700);
    expect(answer(await call(oauth, "/public/v2/me"))).toEqual(MESSAGES.invalid);
  });

  it("PostgreSQL: repeated calls of a live token do not look it up in the database", { timeout: 60_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    if (!setup.database?.url) ctx.skip("reads PostgreSQL's statistics views");
    const oauth = await tokenAt(server!.baseUrl, USER, app);
    const scans = async () => {
      // PostgreSQL publishes a backend's counters within a second of its transactions.
      await sleep(1200);
      const client = new pg.Client({ connectionString: setup.database!.url });
      await client.connect();
      try {
        const r = await client.query(`select coalesce(idx_scan, 0) + coalesce(seq_scan, 0) as n from pg_stat_user_tables where relname = 'oauth_tokens'`);
        return Number(r.rows[0].n);
      } finally {
        await client.end();
      }
    };
    expect((await call(oauth, "/public/v2/me")).status).toBe(200);
    const before = await scans();
    const t0 = Date.now();
    let calls = 0;
    while (calls < 40) {
      expect((await call(oauth, "/public/v2/me")).status).toBe(200);
      calls++;
    }
    const elapsed = Date.now() - t0;
    const looked = (await scans()) - before;
    // one lookup per AUTH_CACHE_SECONDS (2 s) at most, not one per call
    expect(looked, `${looked} scans of oauth_tokens for ${calls} calls in ${elapsed} ms`).toBeLessThanOrEqual(Math.ceil(elapsed / 2000) + 1);
  });
});

describe("invalidation by the services that change a cached field", () => {
  it("each change is seen at once by the next call of an already-cached token, and names only the user or the account", { timeout: 120_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const dash = await tokenAt(server!.baseUrl, USER, dashboardApp(server!.baseUrl));
    const pat = pats.rw!.token;
    // both tokens cached (asked twice)
    const warm = async () => {
      for (let i = 0; i < 2; i++) {
        expect((await call(pat, "/public/v2/me")).status).toBe(200);
        expect((await call(dash, "/ext/profile")).status).toBe(200);
      }
    };
    const change = async (what: string, req: () => Promise<Res>, target: "user" | "account") => {
      await warm();
      const before = await invalidations();
      const res = await req();
      expect(res.status, `${what}: ${res.text}`).toBe(200);
      expect(countsMoved(before, await invalidations()), `${what}: one invalidation naming the ${target}`).toEqual({ [target]: 1 });
      return res;
    };

    // profile: name, company, time zone (/me of the private token, /ext/profile of the dashboard session)
    await change("profile", () => call(dash, "/ext/profile", { method: "PUT", body: { name: "Cara Changed", company: "Changers", timezone: "Europe/Berlin" } }), "user");
    expect((await call(pat, "/public/v2/me")).body.user).toMatchObject({ name: "Cara Changed", company: "Changers", timezone: "Europe/Berlin" });
    expect((await call(dash, "/ext/profile")).body.profile).toMatchObject({ name: "Cara Changed", company: "Changers", timezone: "Europe/Berlin" });
    await change("profile back", () => call(dash, "/ext/profile", { method: "PUT", body: { name: USER.name, company: "Cachers", timezone: "" } }), "user");
    expect((await call(pat, "/public/v2/me")).body.user).toMatchObject({ name: USER.name, company: "Cachers", timezone: null });

    // saved signature and initials
    await change("save signature", () => call(dash, "/ext/profile/signatures/signature", { method: "PUT", body: { image: signaturePng("cache") } }), "user");
    expect((await call(dash, "/ext/profile")).body.profile.saved_signature_url).toEqual(expect.any(String));
    await change("remove signature", () => call(dash, "/ext/profile/signatures/signature", { method: "DELETE" }), "user");
    expect((await call(dash, "/ext/profile")).body.profile.saved_signature_url).toBeNull();

    // notification settings (GET answers them from the token's owner)
    const was = (await call(dash, "/ext/notification_settings")).body.notification_settings.viewed as boolean;
    await change("notification settings", () => call(dash, "/ext/notification_settings", { method: "PUT", body: { notification_settings: { viewed: !was } } }), "user");
    expect((await call(dash, "/ext/notification_settings")).body.notification_settings.viewed).toBe(!was);
    await change("notification settings back", () => call(dash, "/ext/notification_settings", { method: "PUT", body: { notification_settings: { viewed: was } } }), "user");
    expect((await call(dash, "/ext/notification_settings")).body.notification_settings.viewed).toBe(was);

    // the password: the session that changed it changes it again with the new one (its cached owner has the new hash)
    const NEW = "cache-Pa55word-changed";
    await change("password", () => call(dash, "/ext/profile/password", { body: { current_password: USER.password, new_password: NEW } }), "user");
    await change("password back", () => call(dash, "/ext/profile/password", { body: { current_password: NEW, new_password: USER.password } }), "user");

    // the account's callback secret (its row is cached with the owner; GET reads the database either way)
    const rotated = await change("callback secret", () => call(dash, "/ext/callback_secret", { body: {} }), "account");
    expect((await call(dash, "/ext/callback_secret")).body.callback_secret).toBe(rotated.body.callback_secret);
  });

  it("an ordinary write (send_document, then voiding it) issues no invalidation", { timeout: 60_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    const pat = pats.rw!.token;
    expect((await call(pat, "/public/v2/me")).status).toBe(200);
    const listener = setup.database?.url ? new pg.Client({ connectionString: setup.database.url }) : undefined;
    const heard: string[] = [];
    if (listener) {
      await listener.connect();
      listener.on("notification", (m) => heard.push(m.payload ?? ""));
      await listener.query("LISTEN auth_token_cache");
    }
    try {
      const before = await invalidations();
      const sent = await sendDocument(pat);
      expect(sent.status, sent.text).toBe(200);
      const id = (sent.body.document ?? sent.body).id as string;
      const voided = await call(pat, `/public/v2/documents/${id}/void`, { body: { document: {} } });
      expect(voided.status, voided.text).toBe(200);
      expect((await call(pat, "/public/v2/me")).status).toBe(200);
      expect(countsMoved(before, await invalidations()), "no invalidation for ordinary writes").toEqual({});
      if (!listener) return;
      await sleep(500);
      expect(heard, "no NOTIFY on auth_token_cache").toEqual([]);
      // (the channel is heard: a profile change is announced, naming the user)
      const me = (await call(pat, "/public/v2/me")).body.user;
      const dash = await tokenAt(server!.baseUrl, USER, dashboardApp(server!.baseUrl));
      expect((await call(dash, "/ext/profile", { method: "PUT", body: { name: USER.name, company: "Cachers", timezone: "" } })).status).toBe(200);
      const t0 = Date.now();
      while (!heard.length && Date.now() - t0 < 2000) await sleep(25);
      expect(heard.map((p) => JSON.parse(p))).toEqual([{ userId: me.id }]);
    } finally {
      await listener?.end();
    }
  });
});

describe("PostgreSQL: a second instance on the same database", () => {
  it("refuses within one second a token revoked through the first: private token, OAuth revoke, password change", { timeout: 300_000 }, async (ctx) => {
    if (setup.skipReason) ctx.skip(setup.skipReason);
    if (!setup.database?.url) ctx.skip("embedded PGlite is one process: several instances need PostgreSQL (TEST_DATABASE_URL)");
    // (before B starts: each instance points the dashboard client's redirect address at itself when it boots)
    const dash = await tokenAt(server!.baseUrl, USER, dashboardApp(server!.baseUrl));
    second = await ownServer({ name: "auth-cache-second", fromPort: 3850, databaseUrl: setup.database!.url });
    serverEnv(second);
    second.env.RUN_WORKER = "false";
    await second.start();
    const [a, b] = [server!.baseUrl, second.baseUrl];
    const warm = async (token: string) => {
      for (const base of [a, b, b]) expect((await call(token, "/public/v2/me", { base })).status).toBe(200);
    };

    // a private token revoked in the dashboard of instance A
    const pat = pats.twoInstances!;
    await warm(pat.token);
    expect((await call(dash, `/ext/api_tokens/${pat.id}`, { method: "DELETE", base: a })).status).toBe(204);
    const patMs = await refusedWithin(pat.token, b, 1000);
    expect(patMs, "instance B still took the revoked private token after 1 s").toBeGreaterThanOrEqual(0);

    // an OAuth token revoked at A's /oauth/revoke
    const oauth = await tokenAt(a, USER, app);
    await warm(oauth);
    const revoke = await fetch(new URL("/oauth/revoke", a), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: oauth, client_id: app.client_id, client_secret: app.client_secret }).toString(),
    });
    expect(revoke.status).toBe(200);
    const oauthMs = await refusedWithin(oauth, b, 1000);
    expect(oauthMs, "instance B still took the revoked OAuth token after 1 s").toBeGreaterThanOrEqual(0);

    // a profile change at A shows at B
    const pat2 = pats.rw!.token;
    await warm(pat2);
    expect((await call(dash, "/ext/profile", { method: "PUT", body: { name: "Cara Elsewhere", company: "Cachers", timezone: "" }, base: a })).status).toBe(200);
    const t0 = Date.now();
    let name = "";
    while (Date.now() - t0 <= 1000 && name !== "Cara Elsewhere") name = (await call(pat2, "/public/v2/me", { base: b })).body.user.name;
    expect(name).toBe("Cara Elsewhere");

    // notification settings and saved initials changed at A, read at B by a dashboard session cached there
    const dashB = await tokenAt(b, USER, dashboardApp(b));
    for (let i = 0; i < 2; i++) expect((await call(dashB, "/ext/profile", { base: b })).status).toBe(200);
    const seenAtB = async (read: () => Promise<unknown>, want: unknown) => {
      const t1 = Date.now();
      let got = await read();
      while (Date.now() - t1 <= 1000 && got !== want) got = await read();
      return got;
    };
    const was = (await call(dashB, "/ext/notification_settings", { base: b })).body.notification_settings.signed as boolean;
    expect((await call(dash, "/ext/notification_settings", { method: "PUT", body: { notification_settings: { signed: !was } }, base: a })).status).toBe(200);
    expect(await seenAtB(async () => (await call(dashB, "/ext/notification_settings", { base: b })).body.notification_settings.signed, !was)).toBe(!was);
    expect((await call(dash, "/ext/profile/signatures/initials", { method: "PUT", body: { image: signaturePng("init", 120, 60) }, base: a })).status).toBe(200);
    expect(await seenAtB(async () => (await call(dashB, "/ext/profile", { base: b })).body.profile.saved_initials_url !== null, true)).toBe(true);

    // a password change at A ends the user's other dashboard session, also at B
    const otherSession = await tokenAt(b, USER, dashboardApp(b));
    await warm(otherSession);
    const changed = await call(dash, "/ext/profile/password", { body: { current_password: USER.password, new_password: "cache-Pa55word-new" }, base: a });
    expect(changed.status, changed.text).toBe(200);
    const pwMs = await refusedWithin(otherSession, b, 1000);
    expect(pwMs, "instance B still took the ended dashboard session after 1 s").toBeGreaterThanOrEqual(0);
    // the session that made the change goes on, on both
    expect((await call(dash, "/public/v2/me", { base: a })).status).toBe(200);
    expect((await call(dash, "/public/v2/me", { base: b })).status).toBe(200);
  });
});

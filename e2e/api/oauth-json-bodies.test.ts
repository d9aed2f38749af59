// POST /oauth/token and POST /oauth/revoke with JSON bodies (issue 11 point 2,
// docs/api-decisions.md "Authentication"): the same grants, answers and
// errors as the spec's form-encoded bodies, with client credentials in the
// body or by HTTP Basic; the same body limit and throttling. Revoke never
// answers 200 for a body it could not read: 400 invalid_request, and the
// token keeps working. Requests meant to fail carry an X-Forwarded-For of
// their own, so the token endpoint's per-address throttle of the shared
// server is left alone.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { basicAuth, fixtures, http, me, obtainCode, postForm, type HttpResult, type TokenResponse, type TokenResult } from "./helpers";

const alice = fixtures.users.alice;
const aliceApp = fixtures.apps.alice;
const bobApp = fixtures.apps.bob;

/** An address of its own for each test that expects failures. */
const address = () => `198.51.100.${crypto.randomInt(1, 255)}, 10.${crypto.randomInt(0, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;

function postJson<T = any>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpResult<T>> {
  return http<T>(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function postRaw(path: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>) {
  return http(path, { method: "POST", headers: { Accept: "application/json", ...headers }, body });
}

async function aliceCodeJson(via: "body" | "basic", extra: Record<string, string> = {}) {
  const { code } = await obtainCode({ clientId: aliceApp.client_id, redirectUri: aliceApp.redirect_uri, email: alice.email, password: alice.password, scope: "read" });
  const fields = { grant_type: "authorization_code", code: code!, redirect_uri: aliceApp.redirect_uri, ...extra };
  return via === "basic"
    ? postJson<TokenResult>("/oauth/token", fields, { Authorization: basicAuth(aliceApp.client_id, aliceApp.client_secret) })
    : postJson<TokenResult>("/oauth/token", { ...fields, client_id: aliceApp.client_id, client_secret: aliceApp.client_secret });
}

function expectToken(res: HttpResult<TokenResult>, scope: string) {
  expect(res.status, res.text).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(["access_token", "created_at", "expires_in", "refresh_token", "scope", "token_type"]);
  expect(res.body).toMatchObject({ token_type: "bearer", expires_in: 7200, scope });
  expect(res.headers.get("cache-control")).toContain("no-store");
}

async function expectAlive(t: TokenResponse) {
  const res = await me(t.access_token);
  expect(res.status, res.text).toBe(200);
}

async function expectDead(t: TokenResponse) {
  const res = await me(t.access_token);
  expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { error: "invalid_token" } });
}

async function freshToken(): Promise<TokenResponse> {
  const res = await aliceCodeJson("body");
  expectToken(res, "read");
  return res.body;
}

describe("POST /oauth/token with a JSON body", () => {
  it("authorization_code with the client credentials in the body → 200, the six fields, a working token", async () => {
    const res = await aliceCodeJson("body");
    expectToken(res, "read");
    await expectAlive(res.body);
  });

  it("authorization_code with the client credentials by HTTP Basic → 200", async () => {
    const res = await aliceCodeJson("basic");
    expectToken(res, "read");
    await expectAlive(res.body);
  });

  it("`application/json; charset=utf-8` is JSON too", async () => {
    const { code } = await obtainCode({ clientId: aliceApp.client_id, redirectUri: aliceApp.redirect_uri, email: alice.email, password: alice.password, scope: "read" });
    const res = await postJson<TokenResult>(
      "/oauth/token",
      { grant_type: "authorization_code", code, redirect_uri: aliceApp.redirect_uri, client_id: aliceApp.client_id, client_secret: aliceApp.client_secret },
      { "Content-Type": "application/json; charset=utf-8" },
    );
    expectToken(res, "read");
  });

  it("refresh_token → a new pair; the old refresh token no longer works", async () => {
    const first = await freshToken();
    const refreshed = await postJson<TokenResult>(
      "/oauth/token",
      { grant_type: "refresh_token", refresh_token: first.refresh_token },
      { Authorization: basicAuth(aliceApp.client_id, aliceApp.client_secret) },
    );
    expectToken(refreshed, "read");
    await expectAlive(refreshed.body);
    await expectDead(first);
  });

  it("errors are those of the form-encoded request, field for field", async () => {
    const t = await freshToken();
    const xff = address();
    const cases: Record<string, string>[] = [
      // a wrong client secret
      { grant_type: "refresh_token", refresh_token: t.refresh_token, client_id: aliceApp.client_id, client_secret: "wrong" },
      // another client's refresh token
      { grant_type: "refresh_token", refresh_token: t.refresh_token, client_id: bobApp.client_id, client_secret: bobApp.client_secret },
      // an unsupported grant, and none
      { grant_type: "password", client_id: aliceApp.client_id, client_secret: aliceApp.client_secret },
      { client_id: aliceApp.client_id, client_secret: aliceApp.client_secret },
      // no client credentials
      { grant_type: "refresh_token", refresh_token: t.refresh_token },
    ];
    for (const fields of cases) {
      const asJson = await postJson("/oauth/token", fields, { "X-Forwarded-For": xff });
      const asForm = await postForm("/oauth/token", fields, { "X-Forwarded-For": xff });
      expect(asJson.status, asJson.text).toBe(403);
      expect({ fields, status: asJson.status, body: asJson.body }).toEqual({ fields, status: asForm.status, body: asForm.body });
    }
    // none of that touched the token
    const still = await postJson<TokenResult>("/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: t.refresh_token,
      client_id: aliceApp.client_id,
      client_secret: aliceApp.client_secret,
    });
    expectToken(still, "read");
  });

  it("an unreadable body → 403 invalid_request naming the problem (the token endpoint's error status)", async () => {
    const xff = address();
    const bad: [string, string | Uint8Array<ArrayBuffer>, Record<string, string>][] = [
      ["not JSON", "{grant_type: refresh_token", { "Content-Type": "application/json" }],
      ["a JSON array", "[1, 2]", { "Content-Type": "application/json" }],
      ["a nested value", JSON.stringify({ grant_type: { a: 1 } }), { "Content-Type": "application/json" }],
      ["an unknown content type", "grant_type=refresh_token", { "Content-Type": "text/plain" }],
    ];
    for (const [what, body, headers] of bad) {
      const res = await postRaw("/oauth/token", body, { ...headers, "X-Forwarded-For": xff });
      expect({ what, status: res.status, error: res.body.error }).toEqual({ what, status: 403, error: "invalid_request" });
      expect(res.body.error_description).toEqual(expect.any(String));
    }
  });

  it("keeps the body limit: a JSON body over 64 KB → 413 invalid_request", async () => {
    const res = await postJson("/oauth/token", { grant_type: "refresh_token", refresh_token: "x".repeat(70 * 1024) }, { "X-Forwarded-For": address() });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: "invalid_request" });
  });

  it("keeps the throttle: failed client authentication in JSON counts against the address like a form's", async () => {
    const xff = address();
    const wrong = { grant_type: "refresh_token", refresh_token: "nope", client_id: aliceApp.client_id, client_secret: "wrong-secret" };
    let res: HttpResult | undefined;
    for (let i = 0; i < 40; i++) {
      res = await postJson("/oauth/token", wrong, { "X-Forwarded-For": xff });
      if (res.status === 429) break;
      expect(res.body.error).toBe("invalid_client");
    }
    expect(res!.status, res!.text).toBe(429);
    expect(res!.body.error).toBe("slow_down");
    expect(Number(res!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("POST /oauth/revoke with a JSON body", () => {
  it("credentials in the body → 200 {}, and the token is revoked at once", async () => {
    const t = await freshToken();
    const res = await postJson("/oauth/revoke", { token: t.access_token, client_id: aliceApp.client_id, client_secret: aliceApp.client_secret });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: {} });
    await expectDead(t);
  });

  it("credentials by HTTP Basic, revoking by refresh token → 200 {}, the pair is dead", async () => {
    const t = await freshToken();
    const res = await postJson("/oauth/revoke", { token: t.refresh_token, token_type_hint: "refresh_token" }, { Authorization: basicAuth(aliceApp.client_id, aliceApp.client_secret) });
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: {} });
    await expectDead(t);
  });

  it("answers as the form does: wrong credentials or another client → 200 {} and the token still works; no token → 200 {}", async () => {
    const t = await freshToken();
    for (const fields of [
      { token: t.access_token, client_id: aliceApp.client_id, client_secret: "wrong" },
      { token: t.access_token, client_id: bobApp.client_id, client_secret: bobApp.client_secret },
      { client_id: aliceApp.client_id, client_secret: aliceApp.client_secret },
    ]) {
      const asJson = await postJson("/oauth/revoke", fields);
      const asForm = await postForm("/oauth/revoke", fields);
      expect({ status: asJson.status, body: asJson.body }).toEqual({ status: 200, body: {} });
      expect({ status: asForm.status, body: asForm.body }).toEqual({ status: 200, body: {} });
    }
    await expectAlive(t);
    // An empty JSON body is readable: nothing to revoke.
    expect((await postRaw("/oauth/revoke", "", { "Content-Type": "application/json" })).status).toBe(200);
  });

  it("an unreadable body → 400 invalid_request, and the token keeps working", async () => {
    const t = await freshToken();
    const creds = `client_id=${encodeURIComponent(aliceApp.client_id)}&client_secret=${encodeURIComponent(aliceApp.client_secret)}`;
    const bad: [string, string | Uint8Array<ArrayBuffer>, Record<string, string>][] = [
      ["truncated JSON", `{"token": "${t.access_token}", "client_id": "${aliceApp.client_id}"`, { "Content-Type": "application/json" }],
      ["JSON that is not an object", JSON.stringify([t.access_token]), { "Content-Type": "application/json" }],
      ["a nested token", JSON.stringify({ token: { value: t.access_token }, client_id: aliceApp.client_id, client_secret: aliceApp.client_secret }), { "Content-Type": "application/json" }],
      ["a form sent as text/plain", `token=${t.access_token}&${creds}`, { "Content-Type": "text/plain" }],
      ["a body without a content type", new TextEncoder().encode(`token=${t.access_token}&${creds}`) as Uint8Array<ArrayBuffer>, {}],
      ["JSON with Basic credentials, truncated", `{"token": "${t.access_token}"`, { "Content-Type": "application/json", Authorization: basicAuth(aliceApp.client_id, aliceApp.client_secret) }],
    ];
    for (const [what, body, headers] of bad) {
      const res = await postRaw("/oauth/revoke", body, headers);
      expect({ what, status: res.status, error: res.body?.error }).toEqual({ what, status: 400, error: "invalid_request" });
      expect(res.body.error_description).toEqual(expect.any(String));
      await expectAlive(t);
    }
  });

  it("keeps the body limit: over 64 KB → 413", async () => {
    const res = await postJson("/oauth/revoke", { token: "x".repeat(70 * 1024), client_id: aliceApp.client_id, client_secret: aliceApp.client_secret });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: "invalid_request" });
  });
});

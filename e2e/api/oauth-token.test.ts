// POST /oauth/token (spec 4.1, 5.2): code exchange, client authentication,
// PKCE, single-use codes, refresh-token rotation and reuse detection.
import { describe, expect, it } from "vitest";
import {
  authorizePath,
  basicAuth,
  exchangeCode,
  fixtures,
  http,
  me,
  obtainCode,
  pkcePair,
  postForm,
  refreshToken,
  tokenFor,
  type TokenResponse,
} from "./helpers";

const alice = fixtures.users.alice;
const aliceApp = fixtures.apps.alice;
const bobApp = fixtures.apps.bob;

const aliceCode = (extra: { scope?: string; codeChallenge?: string; codeChallengeMethod?: string } = {}) =>
  obtainCode({ clientId: aliceApp.client_id, redirectUri: aliceApp.redirect_uri, email: alice.email, password: alice.password, ...extra });

function expectOAuthError(res: { status: number; body: any }, error: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body).toMatchObject({ error });
  expect(res.body.error_description).toEqual(expect.any(String));
}

function expectTokenBody(body: TokenResponse, scope: string) {
  expect(Object.keys(body).sort()).toEqual(["access_token", "created_at", "expires_in", "refresh_token", "scope", "token_type"]);
  expect(body.access_token).toEqual(expect.any(String));
  expect(body.refresh_token).toEqual(expect.any(String));
  expect(body.access_token.length).toBeGreaterThanOrEqual(20);
  expect(body.refresh_token).not.toBe(body.access_token);
  expect(body.token_type).toBe("bearer");
  expect(body.expires_in).toBe(7200);
  expect(body.scope).toBe(scope);
  expect(Number.isInteger(body.created_at)).toBe(true);
  expect(Math.abs(body.created_at - Date.now() / 1000)).toBeLessThan(120);
}

async function expectTokenDead(token: TokenResponse, app = aliceApp) {
  const res = await me(token.access_token);
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ error: "invalid_token" });
  expectOAuthError(await refreshToken(app, token.refresh_token), "invalid_grant");
}

describe("authorization_code grant", () => {
  it("answers 200 with exactly the six token fields, and the token works", async () => {
    const { code } = await aliceCode({ scope: "read write" });
    const res = await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    expectTokenBody(res.body, "read write");
    const who = await me(res.body.access_token);
    expect(who.status).toBe(200);
    expect(who.body.user.email).toBe(alice.email);
  });

  it("takes the client credentials by HTTP basic auth", async () => {
    const { code } = await aliceCode();
    const res = await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri }, "basic");
    expect(res.status).toBe(200);
    expectTokenBody(res.body, "read");
  });

  it("a wrong client secret → 403 invalid_client (form and basic), and the code stays usable", async () => {
    const { code } = await aliceCode();
    const wrong = { client_id: aliceApp.client_id, client_secret: `${aliceApp.client_secret}x` };
    expectOAuthError(await exchangeCode(wrong, { code: code!, redirectUri: aliceApp.redirect_uri }), "invalid_client");
    expectOAuthError(await exchangeCode(wrong, { code: code!, redirectUri: aliceApp.redirect_uri }, "basic"), "invalid_client");
    const good = await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri });
    expect(good.status).toBe(200);
  });

  it("an unknown client or missing credentials → 403 invalid_client", async () => {
    const { code } = await aliceCode();
    expectOAuthError(await exchangeCode({ client_id: "nobody", client_secret: "nothing" }, { code: code!, redirectUri: aliceApp.redirect_uri }), "invalid_client");
    expectOAuthError(
      await postForm("/oauth/token", { grant_type: "authorization_code", code: code!, redirect_uri: aliceApp.redirect_uri }),
      "invalid_client",
    );
  });

  it("basic auth with a wrong secret → 403 invalid_client even with good form credentials absent", async () => {
    const { code } = await aliceCode();
    const res = await postForm(
      "/oauth/token",
      { grant_type: "authorization_code", code: code!, redirect_uri: aliceApp.redirect_uri },
      { Authorization: basicAuth(aliceApp.client_id, "not-the-secret") },
    );
    expectOAuthError(res, "invalid_client");
  });

  it("basic credentials that are not valid percent-encoding → invalid_client on /oauth/token and 400 on /oauth/revoke, never a 5xx", async () => {
    const garbled = `Basic ${Buffer.from("%zz:%").toString("base64")}`;
    const { code } = await aliceCode();
    const token = await postForm("/oauth/token", { grant_type: "authorization_code", code: code!, redirect_uri: aliceApp.redirect_uri }, { Authorization: garbled });
    expectOAuthError(token, "invalid_client");
    const revoke = await postForm("/oauth/revoke", { token: "whatever" }, { Authorization: garbled });
    expect(revoke.status, revoke.text).toBeLessThan(500);
  });

  it("a redirect_uri different from the authorize request → 403 invalid_grant", async () => {
    const { code } = await aliceCode();
    expectOAuthError(await exchangeCode(aliceApp, { code: code!, redirectUri: `${aliceApp.redirect_uri}/other` }), "invalid_grant");
  });

  it("a code issued to another client → 403 invalid_grant", async () => {
    const { code } = await aliceCode();
    expectOAuthError(await exchangeCode(bobApp, { code: code!, redirectUri: bobApp.redirect_uri }), "invalid_grant");
  });

  it("an unknown code → 403 invalid_grant", async () => {
    expectOAuthError(await exchangeCode(aliceApp, { code: "not-a-code", redirectUri: aliceApp.redirect_uri }), "invalid_grant");
  });

  it("a missing code → 403", async () => {
    const res = await postForm("/oauth/token", {
      grant_type: "authorization_code",
      redirect_uri: aliceApp.redirect_uri,
      client_id: aliceApp.client_id,
      client_secret: aliceApp.client_secret,
    });
    expect(res.status).toBe(403);
    expect(["invalid_request", "invalid_grant"]).toContain(res.body.error);
  });

  it("a code is single-use; replaying it → invalid_grant and revokes the token issued from it", async () => {
    const { code } = await aliceCode({ scope: "read write" });
    const first = await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri });
    expect(first.status).toBe(200);
    expect((await me(first.body.access_token)).status).toBe(200);

    expectOAuthError(await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri }), "invalid_grant");
    await expectTokenDead(first.body);
  });

  it("a replayed code also revokes tokens refreshed from the first one", async () => {
    const { code } = await aliceCode();
    const first = await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri });
    const second = await refreshToken(aliceApp, first.body.refresh_token);
    expect(second.status).toBe(200);
    expectOAuthError(await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri }), "invalid_grant");
    await expectTokenDead(second.body);
  });

  it("a replay does not touch alice's other tokens", async () => {
    const other = await tokenFor("alice", "read");
    const { code } = await aliceCode();
    await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri });
    await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri });
    expect((await me(other.access_token)).status).toBe(200);
  });
});

describe("PKCE (S256)", () => {
  it("the right code_verifier → 200", async () => {
    const { verifier, challenge } = pkcePair();
    const { code } = await aliceCode({ codeChallenge: challenge, codeChallengeMethod: "S256" });
    const res = await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri, codeVerifier: verifier });
    expect(res.status).toBe(200);
    expectTokenBody(res.body, "read");
  });

  it("no code_verifier when a challenge was sent → 403", async () => {
    const { challenge } = pkcePair();
    const { code } = await aliceCode({ codeChallenge: challenge, codeChallengeMethod: "S256" });
    const res = await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri });
    expect(res.status).toBe(403);
    expect(["invalid_request", "invalid_grant"]).toContain(res.body.error);
  });

  it("a wrong code_verifier → 403 invalid_grant", async () => {
    const { challenge } = pkcePair();
    const { code } = await aliceCode({ codeChallenge: challenge, codeChallengeMethod: "S256" });
    const res = await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri, codeVerifier: pkcePair().verifier });
    expectOAuthError(res, "invalid_grant");
  });

  it("the challenge itself is not accepted as the verifier", async () => {
    const { challenge } = pkcePair();
    const { code } = await aliceCode({ codeChallenge: challenge, codeChallengeMethod: "S256" });
    const res = await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri, codeVerifier: challenge });
    expectOAuthError(res, "invalid_grant");
  });

  it("the challenge method defaults to nothing weaker: a challenge without method is S256 or refused", async () => {
    const { verifier, challenge } = pkcePair();
    const res = await http(authorizePath({ clientId: aliceApp.client_id, redirectUri: aliceApp.redirect_uri, codeChallenge: challenge }));
    if (res.status === 403) return; // refused: fine
    // Accepted: then a "plain" verifier (the challenge itself) must not work, the S256 verifier must.
    const { code } = await aliceCode({ codeChallenge: challenge });
    expectOAuthError(await exchangeCode(aliceApp, { code: code!, redirectUri: aliceApp.redirect_uri, codeVerifier: challenge }), "invalid_grant");
    const { code: code2 } = await aliceCode({ codeChallenge: challenge });
    expect((await exchangeCode(aliceApp, { code: code2!, redirectUri: aliceApp.redirect_uri, codeVerifier: verifier })).status).toBe(200);
  });
});

describe("refresh_token grant", () => {
  it("rotates: a new pair with the same scope; the old access and refresh tokens stop working", async () => {
    const t1 = await tokenFor("alice", "read write");
    const res = await refreshToken(aliceApp, t1.refresh_token);
    expect(res.status).toBe(200);
    const t2 = res.body;
    expectTokenBody(t2, "read write");
    expect(t2.access_token).not.toBe(t1.access_token);
    expect(t2.refresh_token).not.toBe(t1.refresh_token);

    const old = await me(t1.access_token);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ error: "invalid_token" });
    expect((await me(t2.access_token)).status).toBe(200);
  });

  it("reusing a rotated refresh token → invalid_grant and revokes the newest token too", async () => {
    const t1 = await tokenFor("alice", "read");
    const t2 = (await refreshToken(aliceApp, t1.refresh_token)).body;
    const t3 = (await refreshToken(aliceApp, t2.refresh_token)).body;
    expect((await me(t3.access_token)).status).toBe(200);

    expectOAuthError(await refreshToken(aliceApp, t1.refresh_token), "invalid_grant");
    await expectTokenDead(t3);
  });

  it("takes client credentials by basic auth", async () => {
    const t1 = await tokenFor("alice", "read");
    const res = await postForm("/oauth/token", { grant_type: "refresh_token", refresh_token: t1.refresh_token }, { Authorization: basicAuth(aliceApp.client_id, aliceApp.client_secret) });
    expect(res.status).toBe(200);
    expectTokenBody(res.body, "read");
  });

  it("a wrong client secret → invalid_client, and the refresh token still works", async () => {
    const t1 = await tokenFor("alice", "read");
    expectOAuthError(await refreshToken({ client_id: aliceApp.client_id, client_secret: "wrong-secret" }, t1.refresh_token), "invalid_client");
    expect((await refreshToken(aliceApp, t1.refresh_token)).status).toBe(200);
  });

  it("another client's refresh token → invalid_grant, and the owner can still use it", async () => {
    const t1 = await tokenFor("alice", "read");
    expectOAuthError(await refreshToken(bobApp, t1.refresh_token), "invalid_grant");
    expect((await me(t1.access_token)).status).toBe(200);
    expect((await refreshToken(aliceApp, t1.refresh_token)).status).toBe(200);
  });

  it("an access token is not a refresh token", async () => {
    const t1 = await tokenFor("alice", "read");
    expectOAuthError(await refreshToken(aliceApp, t1.access_token), "invalid_grant");
  });

  it("an unknown refresh token → invalid_grant", async () => {
    expectOAuthError(await refreshToken(aliceApp, "no-such-refresh-token"), "invalid_grant");
  });
});

describe("grant types", () => {
  for (const grant of ["password", "client_credentials", "implicit", "urn:ietf:params:oauth:grant-type:device_code"]) {
    it(`grant_type=${grant} → 403 unsupported_grant_type`, async () => {
      const res = await postForm("/oauth/token", {
        grant_type: grant,
        client_id: aliceApp.client_id,
        client_secret: aliceApp.client_secret,
        username: alice.email,
        password: alice.password,
      });
      expectOAuthError(res, "unsupported_grant_type");
    });
  }

  it("no grant_type → 403", async () => {
    const res = await postForm("/oauth/token", { client_id: aliceApp.client_id, client_secret: aliceApp.client_secret });
    expect(res.status).toBe(403);
    expect(["invalid_request", "unsupported_grant_type"]).toContain(res.body.error);
  });
});

// POST /oauth/revoke (spec 4.1, 5.5; RFC 7009): always 200 {}, revokes the
// pair immediately, only for the client the token was issued to.
import { describe, expect, it } from "vitest";
import { basicAuth, fixtures, me, postForm, refreshToken, revokeToken, tokenFor, type TokenResponse } from "./helpers";

const aliceApp = fixtures.apps.alice;
const bobApp = fixtures.apps.bob;

function expectEmpty200(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  expect(res.body).toEqual({});
}

async function expectAlive(t: TokenResponse) {
  const res = await me(t.access_token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function expectRevoked(t: TokenResponse, app = aliceApp) {
  const res = await me(t.access_token);
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ error: "invalid_token" });
  const r = await refreshToken(app, t.refresh_token);
  expect(r.status).toBe(403);
  expect(r.body.error).toBe("invalid_grant");
}

describe("POST /oauth/revoke", () => {
  it("revoking an access token (form credentials) → 200 {} and the token is rejected at once, with its refresh token", async () => {
    const t = await tokenFor("alice", "read");
    await expectAlive(t);
    expectEmpty200(await revokeToken(aliceApp, t.access_token));
    await expectRevoked(t);
  });

  it("takes client credentials by HTTP basic auth", async () => {
    const t = await tokenFor("alice", "read");
    expectEmpty200(await revokeToken(aliceApp, t.access_token, "basic"));
    await expectRevoked(t);
  });

  it("revoking by refresh token kills the pair", async () => {
    const t = await tokenFor("alice", "read write");
    expectEmpty200(await revokeToken(aliceApp, t.refresh_token));
    await expectRevoked(t);
  });

  it("accepts token_type_hint (RFC 7009) and still revokes", async () => {
    const t = await tokenFor("alice", "read");
    const res = await postForm("/oauth/revoke", {
      token: t.access_token,
      token_type_hint: "refresh_token",
      client_id: aliceApp.client_id,
      client_secret: aliceApp.client_secret,
    });
    expectEmpty200(res);
    await expectRevoked(t);
  });

  it("revokes only that token: the user's other tokens keep working", async () => {
    const a = await tokenFor("alice", "read");
    const b = await tokenFor("alice", "read");
    expectEmpty200(await revokeToken(aliceApp, a.access_token));
    await expectRevoked(a);
    await expectAlive(b);
  });

  it("revoking twice → 200 {} both times", async () => {
    const t = await tokenFor("alice", "read");
    expectEmpty200(await revokeToken(aliceApp, t.access_token));
    expectEmpty200(await revokeToken(aliceApp, t.access_token));
  });

  it("an unknown token → 200 {}", async () => {
    expectEmpty200(await revokeToken(aliceApp, "no-such-token-at-all"));
  });

  it("no token parameter → 200 {}", async () => {
    expectEmpty200(await postForm("/oauth/revoke", { client_id: aliceApp.client_id, client_secret: aliceApp.client_secret }));
  });

  it("bad client credentials → 200 {}, and the token is NOT revoked", async () => {
    const t = await tokenFor("alice", "read");
    expectEmpty200(await revokeToken({ client_id: aliceApp.client_id, client_secret: "wrong-secret" }, t.access_token));
    expectEmpty200(
      await postForm("/oauth/revoke", { token: t.access_token }, { Authorization: basicAuth(aliceApp.client_id, "wrong-secret") }),
    );
    expectEmpty200(await postForm("/oauth/revoke", { token: t.access_token }));
    expectEmpty200(await revokeToken({ client_id: "nobody", client_secret: "nothing" }, t.access_token));
    await expectAlive(t);
  });

  it("a client cannot revoke another client's token (200 {}, token unaffected)", async () => {
    const t = await tokenFor("alice", "read");
    expectEmpty200(await revokeToken(bobApp, t.access_token));
    expectEmpty200(await revokeToken(bobApp, t.refresh_token));
    await expectAlive(t);
    expect((await refreshToken(aliceApp, t.refresh_token)).status).toBe(200);
  });

  it("a revoked token of a rotated family does not bring the old one back", async () => {
    const t1 = await tokenFor("alice", "read");
    const t2 = (await refreshToken(aliceApp, t1.refresh_token)).body as TokenResponse;
    expectEmpty200(await revokeToken(aliceApp, t2.access_token));
    await expectRevoked(t2);
    const old = await me(t1.access_token);
    expect(old.status).toBe(401);
  });
});

// OAuth authorization endpoint, sign-in and consent (spec 4.1, 5.1, 5.4),
// driven over HTTP like a browser. Token, revoke and resource authentication
// are in oauth-token, oauth-revoke and resource-auth.test.ts.
import { describe, expect, it } from "vitest";
import {
  authorize,
  authorizePath,
  BASE_URL,
  browse,
  consentForm,
  CookieJar,
  exchangeCode,
  fixtures,
  http,
  pageText,
  parseForms,
  randomState,
  signIn,
} from "./helpers";

const alice = fixtures.users.alice;
const aliceApp = fixtures.apps.alice;
const base = { clientId: aliceApp.client_id, redirectUri: aliceApp.redirect_uri };

/** The same URI with the next port number (whatever port the fixtures register). */
function onAnotherPort(uri: string): string {
  const u = new URL(uri);
  u.port = String(Number(u.port || (u.protocol === "https:" ? 443 : 80)) + 1);
  return u.href;
}

/** A jar with alice signed in. */
async function aliceSession() {
  const jar = new CookieJar();
  await signIn(jar, alice);
  return jar;
}

function expectOAuthError(res: { status: number; body: any; headers: Headers }, error: string) {
  expect(res.status).toBe(403);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  expect(res.body).toEqual({ error, error_description: expect.any(String) });
  expect(res.body.error_description.length).toBeGreaterThan(0);
  expect(res.headers.get("location")).toBeNull();
}

describe("GET /oauth/authorize: invalid requests are 403 JSON and never redirected", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["unknown client_id", { client_id: "no-such-client" }, "invalid_client"],
    ["redirect_uri with a trailing slash", { redirect_uri: `${aliceApp.redirect_uri}/` }, "invalid_redirect_uri"],
    ["redirect_uri with an extra query", { redirect_uri: `${aliceApp.redirect_uri}?x=1` }, "invalid_redirect_uri"],
    ["redirect_uri on another port", { redirect_uri: onAnotherPort(aliceApp.redirect_uri) }, "invalid_redirect_uri"],
    ["redirect_uri of an attacker", { redirect_uri: "https://evil.example/callback" }, "invalid_redirect_uri"],
    ["redirect_uri registered for another client", { redirect_uri: new URL("/other", aliceApp.redirect_uri).href }, "invalid_redirect_uri"],
    ["response_type=token", { response_type: "token" }, "unsupported_response_type"],
    ["response_type=code token", { response_type: "code token" }, "unsupported_response_type"],
    ["scope=admin", { scope: "admin" }, "invalid_scope"],
    ["scope=read delete", { scope: "read delete" }, "invalid_scope"],
  ];

  for (const [what, override, error] of cases) {
    it(`${what} → ${error} (no session)`, async () => {
      const q = new URLSearchParams({ client_id: aliceApp.client_id, redirect_uri: aliceApp.redirect_uri, response_type: "code", state: "s1", ...override });
      expectOAuthError(await http(`/oauth/authorize?${q}`), error);
    });
  }

  it("redirect_uri mismatch is refused even with a session, without a redirect to it", async () => {
    const jar = await aliceSession();
    const res = await browse(jar, authorizePath({ ...base, redirectUri: "https://evil.example/callback", state: "x" }));
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text)).toMatchObject({ error: "invalid_redirect_uri" });
    expect(res.location).toBeNull();
  });

  it("unknown client is refused with a session too", async () => {
    const jar = await aliceSession();
    const res = await browse(jar, authorizePath({ clientId: "nope", redirectUri: aliceApp.redirect_uri }));
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text)).toMatchObject({ error: "invalid_client" });
  });

  it("bad scope is refused with a session, not sent to consent", async () => {
    const jar = await aliceSession();
    const res = await browse(jar, authorizePath({ ...base, scope: "superuser" }));
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text)).toMatchObject({ error: "invalid_scope" });
  });

  it("PKCE with method plain is refused (S256 only)", async () => {
    const res = await http(authorizePath({ ...base, codeChallenge: "a".repeat(43), codeChallengeMethod: "plain" }));
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual(expect.any(String));
    expect(res.headers.get("location")).toBeNull();
  });
});

describe("sign-in", () => {
  it("without a session, authorize redirects to /login?next=<the authorize request>", async () => {
    const path = authorizePath({ ...base, scope: "read", state: "abc" });
    const res = await http(path);
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get("location")!, BASE_URL);
    expect(loc.origin).toBe(new URL(BASE_URL).origin);
    expect(loc.pathname).toBe("/login");
    const next = new URL(loc.searchParams.get("next")!, BASE_URL);
    expect(next.pathname).toBe("/oauth/authorize");
    expect(Object.fromEntries(next.searchParams)).toEqual(Object.fromEntries(new URL(path, BASE_URL).searchParams));
  });

  it("the login page has the form: email, password, next, posting to /login/submit", async () => {
    const page = await http("/login?next=%2Foauth%2Fauthorize%3Fclient_id%3Dx");
    expect(page.status).toBe(200);
    const form = parseForms(page.text).find((f) => f.action.includes("/login/submit"));
    expect(form).toBeDefined();
    expect(form!.method).toBe("post");
    expect(page.text).toMatch(/name="email"/);
    expect(page.text).toMatch(/name="password"/);
    expect(page.text).toMatch(/type="password"/);
  });

  it("a wrong password answers 303 back to /login with an error and sets no session", async () => {
    const jar = new CookieJar();
    const next = authorizePath({ ...base, state: "w" });
    const res = await browse(jar, "/login/submit", { form: { email: alice.email, password: "wrong-password", next } });
    expect(res.status).toBe(303);
    const loc = new URL(res.location!, BASE_URL);
    expect(loc.pathname).toBe("/login");
    expect(loc.searchParams.get("error")).toBeTruthy();
    // Still not signed in: authorize sends us to the login page again.
    const again = await browse(jar, next);
    expect(again.status).toBe(302);
    expect(new URL(again.location!, BASE_URL).pathname).toBe("/login");
  });

  it("an unknown e-mail is refused like a wrong password", async () => {
    const jar = new CookieJar();
    const res = await browse(jar, "/login/submit", { form: { email: "nobody@nowhere.example", password: "whatever-123", next: "/" } });
    expect(res.status).toBe(303);
    expect(new URL(res.location!, BASE_URL).searchParams.get("error")).toBeTruthy();
    expect(jar.cookies.size).toBe(0);
  });

  it("success answers 303 to next with an HttpOnly, SameSite=Lax session cookie", async () => {
    const jar = new CookieJar();
    const next = authorizePath({ ...base, state: "ok" });
    const res = await browse(jar, "/login/submit", { form: { email: alice.email, password: alice.password, next } });
    expect(res.status).toBe(303);
    expect(res.location).toBeTruthy();
    const loc = new URL(res.location!, BASE_URL);
    expect(loc.pathname + loc.search).toBe(next);
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    const session = cookies.find((c) => /httponly/i.test(c));
    expect(session, `Set-Cookie: ${cookies.join(" | ")}`).toBeDefined();
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).toMatch(/;\s*Path=\//i);
  });

  it("a sign-in form posted from another site is refused", async () => {
    const jar = new CookieJar();
    const res = await browse(jar, "/login/submit", {
      form: { email: alice.email, password: alice.password, next: "/" },
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(jar.cookies.size).toBe(0);
  });

  it("sign-out ends the session on the server: the old cookie no longer signs in", async () => {
    const jar = await aliceSession();
    const oldCookie = jar.header()!;
    const out = await browse(jar, "/logout", { method: "POST", form: {} });
    expect(out.status).toBe(303);
    expect(out.headers.getSetCookie().join("\n")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const res = await http(authorizePath({ ...base, state: "after-logout" }), { headers: { Cookie: oldCookie } });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!, BASE_URL).pathname).toBe("/login");
  });

  it("e-mail is matched case-insensitively", async () => {
    const jar = new CookieJar();
    await signIn(jar, { email: alice.email.toUpperCase(), password: alice.password });
    expect(jar.cookies.size).toBeGreaterThan(0);
  });

  it("next pointing to another site is not followed", async () => {
    const jar = new CookieJar();
    const res = await browse(jar, "/login/submit", { form: { email: alice.email, password: alice.password, next: "https://evil.example/steal" } });
    expect(res.status).toBe(303);
    expect(new URL(res.location!, BASE_URL).origin).toBe(new URL(BASE_URL).origin);
    const res2 = await browse(jar, "/login/submit", { form: { email: alice.email, password: alice.password, next: "//evil.example/steal" } });
    expect(new URL(res2.location!, BASE_URL).origin).toBe(new URL(BASE_URL).origin);
  });
});

describe("consent", () => {
  it("with a session, authorize redirects to /consent with the same parameters", async () => {
    const jar = await aliceSession();
    const path = authorizePath({ ...base, scope: "read write", state: "st" });
    const res = await browse(jar, path);
    expect(res.status).toBe(302);
    const loc = new URL(res.location!, BASE_URL);
    expect(loc.pathname).toBe("/consent");
    const sent = Object.fromEntries(new URL(path, BASE_URL).searchParams);
    expect(Object.fromEntries(loc.searchParams)).toMatchObject(sent);
  });

  it("the consent page names the application and the scopes, and has Allow and Deny", async () => {
    const jar = await aliceSession();
    const page = await browse(jar, `/consent?${new URL(authorizePath({ ...base, scope: "read write", state: "s" }), BASE_URL).searchParams}`);
    expect(page.status).toBe(200);
    const text = pageText(page.body);
    expect(text).toContain(aliceApp.name);
    expect(text).toMatch(/\bread\b/i);
    expect(text).toMatch(/\bwrite\b/i);
    const form = consentForm(page.body);
    expect(form.fields).toMatchObject({
      client_id: aliceApp.client_id,
      redirect_uri: aliceApp.redirect_uri,
      response_type: "code",
      scope: "read write",
      state: "s",
    });
    const decisions = form.buttons.filter((b) => b.name === "decision").map((b) => [b.value, b.label]);
    expect(decisions).toEqual(expect.arrayContaining([["allow", "Allow"], ["deny", "Deny"]]));
  });

  it("a read-only request does not claim write access on the consent page", async () => {
    const jar = await aliceSession();
    const page = await browse(jar, `/consent?${new URL(authorizePath({ ...base, scope: "read" }), BASE_URL).searchParams}`);
    expect(page.status).toBe(200);
    expect(pageText(page.body)).not.toMatch(/\bwrite\b/i);
  });

  it("Allow redirects (303) to the registered redirect_uri with a code and the state", async () => {
    const state = randomState();
    const out = await authorize({ ...base, email: alice.email, password: alice.password, scope: "read", state });
    expect(out.consentHtml).not.toBeNull();
    expect(`${out.location.origin}${out.location.pathname}`).toBe(aliceApp.redirect_uri);
    expect(out.code).toMatch(/^\S{16,}$/);
    expect(out.state).toBe(state);
    expect(out.error).toBeNull();
  });

  it("without state, the redirect carries a code and no state", async () => {
    const out = await authorize({ ...base, email: alice.email, password: alice.password });
    expect(out.code).toBeTruthy();
    expect(out.location.searchParams.has("state")).toBe(false);
  });

  it("state with special characters is echoed exactly", async () => {
    const state = "a b&c=d/é?+%";
    const out = await authorize({ ...base, email: alice.email, password: alice.password, state });
    expect(out.state).toBe(state);
  });

  it("Deny redirects with error=access_denied and the state, and no code", async () => {
    const state = randomState();
    const out = await authorize({ ...base, email: alice.email, password: alice.password, state, decision: "deny" });
    expect(`${out.location.origin}${out.location.pathname}`).toBe(aliceApp.redirect_uri);
    expect(out.error).toBe("access_denied");
    expect(out.state).toBe(state);
    expect(out.code).toBeNull();
  });

  it("scope defaults to read", async () => {
    const out = await authorize({ ...base, email: alice.email, password: alice.password });
    const token = await exchangeCode(aliceApp, { code: out.code!, redirectUri: aliceApp.redirect_uri });
    expect(token.status).toBe(200);
    expect(token.body.scope).toBe("read");
  });

  it("the granted scope is the requested one", async () => {
    for (const scope of ["read write", "write"]) {
      const out = await authorize({ ...base, email: alice.email, password: alice.password, scope });
      const token = await exchangeCode(aliceApp, { code: out.code!, redirectUri: aliceApp.redirect_uri });
      expect(token.status).toBe(200);
      expect(token.body.scope.split(" ").sort()).toEqual(scope.split(" ").sort());
    }
  });

  async function consentPage(jar: CookieJar, app = aliceApp) {
    const params = { clientId: app.client_id, redirectUri: app.redirect_uri, scope: "read", state: "c" };
    const page = await browse(jar, `/consent?${new URL(authorizePath(params), BASE_URL).searchParams}`);
    expect(page.status).toBe(200);
    return consentForm(page.body);
  }

  const noCodeFor = (res: { status: number; location: string | null }) => {
    if (res.location) expect(new URL(res.location, BASE_URL).searchParams.get("code")).toBeNull();
  };

  it("a consent POST with a wrong csrf value issues no code", async () => {
    const jar = await aliceSession();
    const form = await consentPage(jar);
    const res = await browse(jar, form.action, { form: { ...form.fields, csrf: "forged", decision: "allow" } });
    noCodeFor(res);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text).error).toEqual(expect.any(String));
  });

  it("a consent POST without the session cookie issues no code", async () => {
    const jar = await aliceSession();
    const form = await consentPage(jar);
    const res = await browse(new CookieJar(), form.action, { form: { ...form.fields, decision: "allow" } });
    noCodeFor(res);
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(500);
  });

  it("a csrf value from another user's session is refused (the cross-site request forgery case)", async () => {
    const bobJar = new CookieJar();
    await signIn(bobJar, fixtures.users.bob);
    const forged = await consentPage(bobJar, fixtures.apps.bob);
    const res = await browse(await aliceSession(), forged.action, { form: { ...forged.fields, decision: "allow" } });
    noCodeFor(res);
    expect(res.status).toBe(403);
  });

  it("a consent POST from another site is refused even with a valid csrf value", async () => {
    const jar = await aliceSession();
    const form = await consentPage(jar);
    const res = await browse(jar, form.action, { form: { ...form.fields, decision: "allow" }, headers: { Origin: "https://evil.example" } });
    noCodeFor(res);
    expect(res.status).toBe(403);
  });

  it("a consent POST with a tampered redirect_uri is refused without redirecting there", async () => {
    const jar = await aliceSession();
    const form = await consentPage(jar);
    const res = await browse(jar, form.action, { form: { ...form.fields, redirect_uri: "https://evil.example/cb", decision: "allow" } });
    expect(res.status).toBe(403);
    expect(res.location ?? "").not.toContain("evil.example");
  });
});

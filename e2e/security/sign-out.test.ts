// Issue 10 point 8: signing out of the dashboard ends the sign-in. The
// dashboard (next-auth, a first-party OAuth client of this same deployment)
// is signed in to exactly as a browser does it — /api/auth/signin →
// /oauth/authorize → the service's sign-in form → /api/auth/callback — and
// signed out through next-auth's sign-out. Afterwards /oauth/authorize must ask
// for the password again, also with the service cookie the browser had
// before. Real server over HTTP.
import { describe, expect, it } from "vitest";
import { authorizePath, BASE_URL, CookieJar, fixtures, parseForms } from "../api/helpers";
import { go } from "./support/accounts";

const user = fixtures.users.carol;
const app = fixtures.apps.alice; // a third-party application: consent unless signed out
const pathOf = (location: string | null) => new URL(location!, BASE_URL).pathname;

async function csrfToken(jar: CookieJar) {
  return JSON.parse((await go(jar, "/api/auth/csrf")).text).csrfToken as string;
}

/** Follows redirects on this server (with the jar), answering the last response. */
async function follow(jar: CookieJar, url: string, max = 10) {
  let res = await go(jar, url);
  for (let i = 0; i < max && res.status >= 300 && res.status < 400 && res.location; i++) {
    const next = new URL(res.location, BASE_URL);
    if (next.origin !== new URL(BASE_URL).origin) break;
    if (next.pathname === "/login") return res;
    res = await go(jar, next.pathname + next.search);
  }
  return res;
}

async function dashboardSignIn(jar: CookieJar) {
  const start = await go(jar, "/api/auth/signin/signing-service", { form: { csrfToken: await csrfToken(jar), callbackUrl: "/documents", json: "true" } });
  const authorizeUrl = start.status === 200 ? (JSON.parse(start.text).url as string) : start.location!;
  expect(new URL(authorizeUrl).pathname).toBe("/oauth/authorize");
  const toLogin = await follow(jar, authorizeUrl);
  expect(pathOf(toLogin.location)).toBe("/login");
  const page = await go(jar, toLogin.location!);
  const form = parseForms(page.text).find((f) => f.action.includes("/login/submit"))!;
  const submitted = await go(jar, form.action, { form: { ...form.fields, email: user.email, password: user.password } });
  expect(submitted.location, "signed in at the service").not.toMatch(/error=/);
  // Back through /oauth/authorize (first party: no consent) to next-auth's callback, then the dashboard.
  const landed = await follow(jar, submitted.location!);
  expect(landed.status, landed.text.slice(0, 300)).toBe(200);
}

describe("signing out of the dashboard", () => {
  it("also ends the service's own sign-in: /oauth/authorize asks for the password again", async () => {
    const jar = new CookieJar();
    await dashboardSignIn(jar);
    expect(jar.cookies.has("sid"), "the service's session cookie").toBe(true);
    const serviceCookie = `sid=${jar.cookies.get("sid")}`;
    expect((await go(jar, "/documents")).status, "the dashboard is signed in").toBe(200);
    // While signed in, an application's authorize request goes straight to consent.
    const before = await go(jar, authorizePath({ clientId: app.client_id, redirectUri: app.redirect_uri, scope: "read", state: "before" }));
    expect(pathOf(before.location)).toBe("/consent");

    // The dashboard's sign-out button: next-auth's sign-out with its callbackUrl.
    const out = await go(jar, "/api/auth/signout", { form: { csrfToken: await csrfToken(jar), callbackUrl: "/signin/signed-out", json: "true" } });
    const landing = out.status === 200 ? (JSON.parse(out.text).url as string) : out.location!;
    const end = await go(jar, landing);
    expect(end.status).toBe(303);
    expect(end.location).toBe("/signin?signedOut=1");

    const after = await go(jar, authorizePath({ clientId: app.client_id, redirectUri: app.redirect_uri, scope: "read", state: "after" }));
    expect(after.status).toBe(302);
    expect(pathOf(after.location), "signing in again asks for the password").toBe("/login");
    // Not just a cleared cookie: the session itself is gone on the server.
    const withOld = await fetch(new URL(authorizePath({ clientId: app.client_id, redirectUri: app.redirect_uri, scope: "read", state: "old" }), BASE_URL), {
      headers: { Cookie: serviceCookie },
      redirect: "manual",
    });
    expect(withOld.status).toBe(302);
    expect(pathOf(withOld.headers.get("location"))).toBe("/login");
    // And the dashboard is signed out too.
    expect(jar.cookies.has("next-auth.session-token")).toBe(false);
    const dashboard = await go(jar, "/documents");
    // (a redirect, or — once the page has started streaming — a page that redirects)
    expect(dashboard.status === 200 ? dashboard.text : (dashboard.location ?? ""), `GET /documents answered ${dashboard.status}`).toContain("/signin");
  });
});

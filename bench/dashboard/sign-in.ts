import crypto from "node:crypto";
import { browse, CookieJar, follow, parseForms, type Page } from "./browser";

type User = { email: string; password: string };

/**
 * Signs in to the dashboard as a browser does: next-auth's sign-in (csrf
 * token, POST /api/auth/signin/signing-service) → the service's
 * /oauth/authorize → its /login form → back through next-auth's callback,
 * which sets the session cookie, to `returnTo`. The jar then also holds the
 * service's own sign-in cookie, which apiToken uses.
 */
export async function signInToDashboard(base: string, user: User, returnTo = "/documents"): Promise<CookieJar> {
  const jar = new CookieJar();
  const csrf = await browse(jar, new URL("/api/auth/csrf", base));
  const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
  const started = await browse(jar, new URL("/api/auth/signin/signing-service", base), {
    form: { csrfToken, callbackUrl: `${base}${returnTo}`, json: "true" },
  });
  const { url } = JSON.parse(started.text) as { url: string };
  const login = await follow(jar, await browse(jar, new URL(url)), base);
  if (new URL(login.url).pathname !== "/login") throw new Error(`expected the /login page, got ${describe(login)}`);
  const page = await follow(jar, await submitLogin(jar, login, user), base);
  if (page.status !== 200 || new URL(page.url).pathname !== returnTo) throw new Error(`dashboard sign-in ended at ${describe(page)}`);
  if (!jar.cookies.has("next-auth.session-token")) throw new Error("dashboard sign-in set no next-auth.session-token cookie");
  return jar;
}

async function submitLogin(jar: CookieJar, login: Page, user: User): Promise<Page> {
  const form = parseForms(login.text, login.url).find((f) => f.action.includes("/login/submit"));
  if (!form) throw new Error("the /login page has no form posting to /login/submit");
  const res = await browse(jar, new URL(form.action), { form: { ...form.fields, email: user.email, password: user.password } });
  if (res.status !== 303 || !res.location || /[?&]error=/.test(res.location)) throw new Error(`sign-in of ${user.email} failed: ${describe(res)}`);
  return res;
}

/**
 * A bearer token for the owner's own API application, through the
 * authorization-code flow (consent → code → /oauth/token), as an
 * integration would get one. `jar` must hold the service's sign-in cookie.
 */
export async function apiToken(base: string, jar: CookieJar, app: { client_id: string; client_secret: string; redirect_uri: string }) {
  const state = crypto.randomBytes(8).toString("hex");
  const q = new URLSearchParams({ client_id: app.client_id, redirect_uri: app.redirect_uri, response_type: "code", scope: "read write", state });
  const consent = await follow(jar, await browse(jar, new URL(`/oauth/authorize?${q}`, base)), base);
  const form = parseForms(consent.text, consent.url).find((f) => f.action.includes("/oauth/authorize"));
  if (!form) throw new Error(`expected the consent page, got ${describe(consent)}`);
  const allowed = await browse(jar, new URL(form.action), { form: { ...form.fields, decision: "allow" } });
  const back = new URL(allowed.location ?? "about:blank");
  const code = back.searchParams.get("code");
  if (!code || back.searchParams.get("state") !== state) throw new Error(`consent did not answer with a code: ${describe(allowed)}`);
  const res = await fetch(new URL("/oauth/token", base), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: app.redirect_uri, client_id: app.client_id, client_secret: app.client_secret }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`POST /oauth/token answered ${res.status}: ${JSON.stringify(body)}`);
  return body.access_token;
}

const describe = (p: Page) => `${p.url.pathname}${p.url.search} → ${p.status}${p.location ? ` ${p.location}` : ""} ${p.text.slice(0, 200)}`;

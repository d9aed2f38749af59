// Helpers of the API tests: the fixtures of the run, plain-HTTP calls to the
// resource API, and the OAuth authorization-code flow driven exactly as a
// browser would (sign-in form, session cookie, consent form) with fetch.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseForms, type HtmlForm } from "./support/html";
import { recordAnswer } from "./support/record-answer";

export { pageText, parseForms, type HtmlForm } from "./support/html";

// ---------------------------------------------------------------- fixtures

export type UserFixture = { id?: string; email: string; password: string; name: string; company: string; account: string };
export type AppFixture = { client_id: string; client_secret: string; redirect_uri: string; name: string };
export type Fixtures = {
  baseUrl: string;
  redirectUri: string;
  database: "pglite" | "postgres";
  users: Record<"alice" | "carol" | "bob" | "dave" | "erin", UserFixture>;
  apps: Record<"alice" | "carol" | "bob" | "dave" | "erin", AppFixture>;
  templates: Record<"alice" | "bob" | "carol", { id: string; name: string; roles: { name: string; sequence: number }[]; merge_fields: string[] }>;
  documents: {
    alice: { pending: Record<string, string>; draft: string; executed: string; voided: string; expired: string; declined: string; sharedWithBob: string };
    carol: { pending: string };
    bob: { pending: Record<string, string> };
  };
  archived: Record<"alice" | "bob", { id: string; original_guid: string }>;
  /** The service's own dashboard client (first party: the only one allowed on /ext). */
  dashboard: AppFixture;
};

function loadFixtures(): Fixtures {
  const file = process.env.FIXTURES || path.resolve("e2e/.artifacts/fixtures.json");
  if (!fs.existsSync(file)) {
    throw new Error(`No fixtures at ${file}. Run the API tests through \`npm test\` (e2e/run-all.mjs), which creates them and starts the server.`);
  }
  return JSON.parse(fs.readFileSync(file, "utf8")) as Fixtures;
}

export const fixtures = loadFixtures();
// Vitest overwrites process.env.BASE_URL with Vite's base ("/"), so the
// runner also passes E2E_BASE_URL; a BASE_URL that is not absolute is ignored.
const absolute = (u: string | undefined) => (u && /^https?:\/\//.test(u) ? u : undefined);
export const BASE_URL = (absolute(process.env.E2E_BASE_URL) ?? absolute(process.env.BASE_URL) ?? fixtures.baseUrl).replace(/\/+$/, "");

// ---------------------------------------------------------------- plain HTTP

export type HttpResult<T = any> = { status: number; headers: Headers; body: T; text: string };

async function read<T>(res: Response, request?: { method: string; url: URL }): Promise<HttpResult<T>> {
  const text = await res.text();
  if (request) recordAnswer(request.method, request.url, res, text);
  let body: any = text;
  if ((res.headers.get("content-type") ?? "").includes("json") && text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** A call to the service; `path` is absolute or relative to BASE_URL. */
export async function http<T = any>(
  pathOrUrl: string,
  init: RequestInit & { query?: Record<string, string | number | undefined> } = {},
): Promise<HttpResult<T>> {
  const url = new URL(pathOrUrl, BASE_URL + "/");
  for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const res = await fetch(url, { redirect: "manual", ...init });
  return read<T>(res, { method: init.method ?? "GET", url });
}

/** A resource-API call with JSON in and out; the token goes in the Authorization header. */
export function api<T = any>(
  apiPath: string,
  opts: { token?: string; method?: string; body?: unknown; query?: Record<string, string | number | undefined>; headers?: Record<string, string> } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  return http<T>(apiPath, { method: opts.method ?? (body ? "POST" : "GET"), headers, body, query: opts.query });
}

/** A form-encoded POST (the token and revoke endpoints). */
export function postForm<T = any>(formPath: string, fields: Record<string, string | undefined>, headers: Record<string, string> = {}) {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, v);
  return http<T>(formPath, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", ...headers },
    body: form.toString(),
  });
}

export const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;

// ---------------------------------------------------------------- a tiny browser

/** Cookies by name, as a browser keeps them for one host. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header seen, raw, for attribute checks. */
  readonly setCookieHeaders: string[] = [];

  store(res: { headers: Headers }) {
    for (const line of res.headers.getSetCookie()) {
      this.setCookieHeaders.push(line);
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** A GET or form POST with the jar's cookies, not following redirects. */
export async function browse(
  jar: CookieJar,
  pathOrUrl: string,
  opts: { method?: "GET" | "POST"; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<HttpResult<string> & { location: string | null }> {
  const headers: Record<string, string> = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
  const cookie = jar.header();
  if (cookie) headers.Cookie = cookie;
  let body: string | undefined;
  if (opts.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    headers.Origin = BASE_URL;
    body = new URLSearchParams(opts.form).toString();
  }
  Object.assign(headers, opts.headers);
  const url = new URL(pathOrUrl, BASE_URL + "/");
  const method = opts.method ?? (body ? "POST" : "GET");
  const res = await fetch(url, { method, headers, body, redirect: "manual" });
  jar.store(res);
  const result = await read<string>(res, { method, url });
  return { ...result, location: res.headers.get("location") };
}

// ---------------------------------------------------------------- OAuth

export type TokenResponse = {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
  created_at: number;
};

/** A token-endpoint answer: the token on 200, `{error, error_description}` otherwise. */
export type TokenResult = TokenResponse & { error?: string; error_description?: string };

export type AuthorizeParams = {
  clientId: string;
  redirectUri: string;
  scope?: string;
  state?: string;
  responseType?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
};

export function authorizePath(p: AuthorizeParams): string {
  const q = new URLSearchParams({ client_id: p.clientId, redirect_uri: p.redirectUri, response_type: p.responseType ?? "code" });
  if (p.scope !== undefined) q.set("scope", p.scope);
  if (p.state !== undefined) q.set("state", p.state);
  if (p.codeChallenge !== undefined) q.set("code_challenge", p.codeChallenge);
  if (p.codeChallengeMethod !== undefined) q.set("code_challenge_method", p.codeChallengeMethod);
  return `/oauth/authorize?${q}`;
}

export function pkcePair() {
  const verifier = crypto.randomBytes(48).toString("base64url");
  const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

export const randomState = () => crypto.randomBytes(12).toString("hex");

/**
 * Signs in through the login form like a browser: GET the login page, post
 * its form to /login/submit. Answers the jar holding the session cookie and
 * the responses, and throws when the sign-in fails.
 */
export async function signIn(jar: CookieJar, user: { email: string; password: string }, next = "/") {
  const page = await browse(jar, `/login?next=${encodeURIComponent(next)}`);
  if (page.status !== 200) throw new Error(`GET /login answered ${page.status}`);
  const form = parseForms(page.body).find((f) => f.action.includes("/login/submit"));
  if (!form) throw new Error(`the login page has no form posting to /login/submit:\n${page.body.slice(0, 2000)}`);
  const submitted = await browse(jar, form.action, { form: { ...form.fields, next: form.fields.next ?? next, email: user.email, password: user.password } });
  if (submitted.status !== 303 || !submitted.location || /[?&]error=/.test(submitted.location)) {
    throw new Error(`sign-in of ${user.email} failed: ${submitted.status} → ${submitted.location} ${submitted.text.slice(0, 300)}`);
  }
  return submitted;
}

export type AuthorizeOutcome = {
  /** The final redirect to the client (redirect_uri?code=… or ?error=…). */
  location: URL;
  code: string | null;
  state: string | null;
  error: string | null;
  consentHtml: string | null;
  jar: CookieJar;
};

/**
 * Drives GET /oauth/authorize → /login → sign-in → /oauth/authorize →
 * /consent → Allow or Deny, and answers the redirect to the client.
 */
export async function authorize(
  p: AuthorizeParams & { email: string; password: string; decision?: "allow" | "deny"; jar?: CookieJar },
): Promise<AuthorizeOutcome> {
  const jar = p.jar ?? new CookieJar();
  let res = await browse(jar, authorizePath(p));
  if (res.status === 302 || res.status === 303 || res.status === 307) {
    const loc = new URL(res.location!, BASE_URL);
    if (loc.pathname === "/login") {
      const next = loc.searchParams.get("next") ?? "";
      const signedIn = await signIn(jar, p, next);
      res = await browse(jar, signedIn.location!);
    }
  }
  let consentHtml: string | null = null;
  if (res.status >= 300 && res.status < 400 && res.location) {
    const loc = new URL(res.location, BASE_URL);
    if (loc.origin === new URL(BASE_URL).origin && loc.pathname === "/consent") {
      const page = await browse(jar, loc.pathname + loc.search);
      if (page.status !== 200) throw new Error(`GET /consent answered ${page.status}: ${page.text.slice(0, 500)}`);
      consentHtml = page.body;
      const form = consentForm(page.body);
      res = await browse(jar, form.action, { form: { ...form.fields, decision: p.decision ?? "allow" } });
    }
  }
  if (res.status < 300 || res.status >= 400 || !res.location) {
    throw new Error(`expected a redirect to the client, got ${res.status}: ${res.text.slice(0, 500)}`);
  }
  const location = new URL(res.location, BASE_URL);
  return {
    location,
    code: location.searchParams.get("code"),
    state: location.searchParams.get("state"),
    error: location.searchParams.get("error"),
    consentHtml,
    jar,
  };
}

/** The consent form: posts to /oauth/authorize, has the csrf field and Allow/Deny buttons. */
export function consentForm(html: string): HtmlForm {
  const form = parseForms(html).find((f) => f.action.includes("/oauth/authorize") && f.method === "post");
  if (!form) throw new Error(`the consent page has no form posting to /oauth/authorize:\n${html.slice(0, 2000)}`);
  if (!form.fields.csrf) throw new Error(`the consent form has no csrf field: ${JSON.stringify(form.fields)}`);
  return form;
}

/** Just the code, with Allow. */
export async function obtainCode(p: AuthorizeParams & { email: string; password: string }) {
  const out = await authorize({ ...p, decision: "allow" });
  if (!out.code) throw new Error(`no code in ${out.location}`);
  return out;
}

export function exchangeCode(
  app: { client_id: string; client_secret: string },
  input: { code: string; redirectUri: string; codeVerifier?: string },
  via: "form" | "basic" = "form",
) {
  const fields: Record<string, string | undefined> = {
    grant_type: "authorization_code",
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
  };
  if (via === "basic") return postForm<TokenResult>("/oauth/token", fields, { Authorization: basicAuth(app.client_id, app.client_secret) });
  return postForm<TokenResult>("/oauth/token", { ...fields, client_id: app.client_id, client_secret: app.client_secret });
}

export function refreshToken(app: { client_id: string; client_secret: string }, refresh: string) {
  return postForm<TokenResult>("/oauth/token", {
    grant_type: "refresh_token",
    refresh_token: refresh,
    client_id: app.client_id,
    client_secret: app.client_secret,
  });
}

export function revokeToken(app: { client_id: string; client_secret: string }, token: string, via: "form" | "basic" = "form") {
  if (via === "basic") return postForm("/oauth/revoke", { token }, { Authorization: basicAuth(app.client_id, app.client_secret) });
  return postForm("/oauth/revoke", { token, client_id: app.client_id, client_secret: app.client_secret });
}

/** The whole flow: sign in, allow, exchange. Throws unless the token endpoint answers 200. */
export async function obtainToken(p: {
  email: string;
  password: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope?: string;
  pkce?: boolean;
}): Promise<TokenResponse> {
  const pkce = p.pkce ? pkcePair() : undefined;
  const state = randomState();
  const { code, state: echoed } = await obtainCode({
    ...p,
    state,
    codeChallenge: pkce?.challenge,
    codeChallengeMethod: pkce ? "S256" : undefined,
  });
  if (echoed !== state) throw new Error(`state not echoed: sent ${state}, got ${echoed}`);
  const res = await exchangeCode(
    { client_id: p.clientId, client_secret: p.clientSecret },
    { code: code!, redirectUri: p.redirectUri, codeVerifier: pkce?.verifier },
  );
  if (res.status !== 200) throw new Error(`POST /oauth/token answered ${res.status}: ${res.text}`);
  return res.body;
}

/** The whole flow for a fixture user through one application. */
function tokenThrough(who: string, app: AppFixture | undefined, scope: string, pkce?: boolean) {
  const user = (fixtures.users as Record<string, UserFixture>)[who];
  if (!user || !app) throw new Error(`no fixture user or application "${who}"`);
  return obtainToken({ email: user.email, password: user.password, clientId: app.client_id, clientSecret: app.client_secret, redirectUri: app.redirect_uri, scope, pkce });
}

/** A token for a fixture user through their own application. */
export const tokenFor = (who: keyof Fixtures["users"], scope = "read write", opts: { pkce?: boolean } = {}) =>
  tokenThrough(who, fixtures.apps[who], scope, opts.pkce);

/** A token for a fixture user through the dashboard's own (first-party) client, as the dashboard gets one: the /ext endpoints need it. */
export const dashboardTokenFor = (who: string, scope = "read write") => tokenThrough(who, fixtures.dashboard, scope, true);

/** GET /public/v2/me with a token: the status tells whether the token works. */
export const me = (token: string, version: "v1" | "v2" = "v2") => api(`/public/${version}/me`, { token });

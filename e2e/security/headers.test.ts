// Issue 10 point 11: every HTML page — sign-in, sign-up, consent, the
// dashboard, a signer page, /verify, a 404 — carries a Content-Security-Policy
// whose script-src allows scripts only by a nonce that is fresh per response
// (no 'unsafe-inline'), and every <script> of the HTML carries that nonce.
// Signer pages stay framable by anyone (embedded signing); every other page
// refuses framing in the same policy and with X-Frame-Options. HSTS is sent
// when APP_URL is https (a server of its own, APP_URL=https://…, read over
// plain http) and not otherwise.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, CookieJar, authorizePath, browse, fixtures, randomState, signIn, tokenFor } from "../api/helpers";
import { prepareOwnServer, type OwnServer, type OwnServerSetup } from "../api/support/own-server";
import { recipient, sendFromTemplate } from "../api/support/signing-calls";

type Page = { status: number; html: string; csp: string; xfo: string | null; hsts: string | null };

/** The directives of a policy: name → sources. */
function directives(csp: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

function nonceOf(csp: string): string {
  const scripts = directives(csp).get("script-src") ?? [];
  const nonces = scripts.filter((s) => s.startsWith("'nonce-"));
  expect(nonces, `one nonce in script-src of: ${csp}`).toHaveLength(1);
  return nonces[0]!.slice("'nonce-".length, -1);
}

async function get(path: string, jar = new CookieJar(), base = BASE_URL): Promise<Page> {
  const res = await browse(jar, new URL(path, base).href);
  return {
    status: res.status,
    html: res.text,
    csp: res.headers.get("content-security-policy") ?? "",
    xfo: res.headers.get("x-frame-options"),
    hsts: res.headers.get("strict-transport-security"),
  };
}

/** The policy every page must have, and the nonce on every script of its HTML. */
function expectScriptPolicy(what: string, page: Page) {
  expect(page.csp, `${what}: a Content-Security-Policy`).not.toBe("");
  // One policy, not two merged ones (a second would be joined with ", ").
  expect(page.csp.match(/script-src/g), `${what}: one script-src in ${page.csp}`).toHaveLength(1);
  const d = directives(page.csp);
  const scripts = d.get("script-src")!;
  expect(scripts, what).toContain("'strict-dynamic'");
  expect(scripts, `${what}: no 'unsafe-inline' for scripts`).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(d.get("script-src-elem"), what).toBeUndefined();
  expect(d.get("script-src-attr") ?? ["'none'"], what).not.toContain("'unsafe-inline'");
  expect(d.get("object-src"), what).toEqual(["'none'"]);
  expect(d.get("base-uri"), what).toEqual(["'self'"]);
  expect(d.get("form-action")?.[0], what).toBe("'self'");
  const nonce = nonceOf(page.csp);
  expect(nonce.length, "a nonce of at least 128 bits").toBeGreaterThanOrEqual(22);
  const tags = [...page.html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
  expect(tags.length, `${what}: the page has scripts`).toBeGreaterThan(0);
  for (const tag of tags) expect(tag, `${what}: every script carries the response's nonce`).toContain(`nonce="${nonce}"`);
  // <style> elements are allowed by the nonce only (Next.js's built-in 404 page had one without it).
  for (const tag of page.html.matchAll(/<style\b[^>]*>/gi)) expect(tag[0], `${what}: a <style> without the nonce`).toContain(`nonce="${nonce}"`);
  return nonce;
}

function expectNotFramable(what: string, page: Page) {
  expect(directives(page.csp).get("frame-ancestors"), `${what}: ${page.csp}`).toEqual(["'none'"]);
  expect(page.xfo, what).toBe("DENY");
}

/** Signs in to the dashboard the way the browser does: next-auth → /oauth/authorize → /login → back. */
async function dashboardJar(user: { email: string; password: string }): Promise<CookieJar> {
  const jar = new CookieJar();
  const csrf = await browse(jar, "/api/auth/csrf");
  const csrfToken = JSON.parse(csrf.text).csrfToken as string;
  let res = await browse(jar, "/api/auth/signin/signing-service", { form: { csrfToken, callbackUrl: `${BASE_URL}/documents`, json: "true" } });
  let next: string | null = res.location ?? (res.text.startsWith("{") ? (JSON.parse(res.text).url as string) : null);
  for (let step = 0; step < 10 && next; step++) {
    const url = new URL(next, BASE_URL);
    if (url.pathname === "/login") {
      const signedIn = await signIn(jar, user, url.searchParams.get("next") ?? "/");
      next = signedIn.location;
      continue;
    }
    if (url.pathname === "/documents") return jar;
    res = await browse(jar, url.href);
    next = res.location;
  }
  throw new Error(`the dashboard sign-in did not reach /documents (last: ${next} ${res.status} ${res.text.slice(0, 200)})`);
}

let pages: Record<string, Page>;
let signPath: string;

beforeAll(async () => {
  const alice = fixtures.users.alice;
  const app = fixtures.apps.alice;

  // The consent page, reached as in the OAuth flow.
  const jar = new CookieJar();
  const start = authorizePath({ clientId: app.client_id, redirectUri: app.redirect_uri, scope: "read write", state: randomState() });
  const toLogin = await browse(jar, start);
  const loginNext = new URL(toLogin.location!, BASE_URL).searchParams.get("next")!;
  const signedIn = await signIn(jar, alice, loginNext);
  const toConsent = await browse(jar, signedIn.location!);
  expect(new URL(toConsent.location!, BASE_URL).pathname).toBe("/consent");

  const token = (await tokenFor("alice")).access_token;
  const doc = await sendFromTemplate(token, { name: "CSP check" });
  const sign = new URL(recipient(doc, "Client").sign_url);
  signPath = sign.pathname + sign.search;
  const dashboard = await dashboardJar(alice);

  pages = {
    "/login": await get("/login"),
    "/signup": await get("/signup"),
    "/consent": await get(toConsent.location!, jar),
    "/signin (dashboard sign-in)": await get("/signin"),
    "/documents (dashboard)": await get("/documents", dashboard),
    "/settings (dashboard)": await get("/settings", dashboard),
    "/ (landing)": await get("/"),
    "/verify": await get("/verify"),
    "404": await get("/no-such-page-here"),
    "signer page": await get(signPath),
  };
}, 120_000);

describe("Content-Security-Policy on every page", () => {
  it("each page kind answers as expected", () => {
    for (const [what, page] of Object.entries(pages)) expect(page.status, what).toBe(what === "404" ? 404 : 200);
    expect(pages["/consent"]!.html, "the real consent form").toContain('action="/oauth/authorize"');
    expect(pages["/documents (dashboard)"]!.html, "the signed-in documents list").toMatch(/Documents/);
  });

  it("script-src with a nonce and 'strict-dynamic', no 'unsafe-inline'; every <script> carries the nonce", () => {
    for (const [what, page] of Object.entries(pages)) expectScriptPolicy(what, page);
  });

  it("the nonce is fresh on every response", async () => {
    for (const path of ["/login", "/verify", signPath, "/no-such-page-here"]) {
      const nonces = new Set<string>();
      for (let i = 0; i < 3; i++) nonces.add(nonceOf((await get(path)).csp));
      expect(nonces.size, path).toBe(3);
    }
  });

  it("inline scripts exist (React's payload) and are allowed only through the nonce", () => {
    const html = pages["/login"]!.html;
    const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>/gi)].map((m) => m[0]);
    expect(inline.length).toBeGreaterThan(0);
    for (const tag of inline) expect(tag).toMatch(/nonce="[^"]+"/);
  });
});

describe("framing", () => {
  it("signer pages: no frame-ancestors restriction and no X-Frame-Options", () => {
    const page = pages["signer page"]!;
    expect(directives(page.csp).has("frame-ancestors"), page.csp).toBe(false);
    expect(page.xfo).toBeNull();
  });

  it("every other page: frame-ancestors 'none' in the same policy, and X-Frame-Options DENY", () => {
    for (const [what, page] of Object.entries(pages)) if (what !== "signer page") expectNotFramable(what, page);
  });
});

describe("HSTS", () => {
  it("absent while APP_URL is http", () => {
    for (const [what, page] of Object.entries(pages)) expect(page.hsts, what).toBeNull();
  });

  describe("with APP_URL=https://…", () => {
    let setup: OwnServerSetup;
    let server: OwnServer | undefined;

    beforeAll(async () => {
      setup = await prepareOwnServer({ name: "hsts", fromPort: 3620 });
      server = setup.server;
      if (!server) return;
      // Served over plain http here; only the headers are read.
      server.env.APP_URL = `https://localhost:${server.port}`;
      await server.start();
    }, 240_000);

    afterAll(() => setup?.teardown(), 60_000);

    it("Strict-Transport-Security on every page kind, and the same script policy", async (ctx) => {
      if (setup.skipReason) ctx.skip(setup.skipReason);
      for (const path of ["/login", "/signup", "/verify", "/signin", "/no-such-page-here"]) {
        const page = await get(path, new CookieJar(), server!.baseUrl);
        expect(page.hsts, path).toMatch(/^max-age=(\d+)/);
        expect(Number(/max-age=(\d+)/.exec(page.hsts!)![1]), path).toBeGreaterThanOrEqual(180 * 24 * 3600);
        expectScriptPolicy(path, page);
        expectNotFramable(path, page);
      }
    });
  });
});

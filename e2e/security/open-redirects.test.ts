// Issue 10 point 7: no open redirects. Every parameter that names where to go
// next — `next` on the sign-in, sign-up and confirmation pages and their form
// handlers, next-auth's `callbackUrl` on sign-in and sign-out, /signin's
// `callbackUrl` — takes only a path of this site. Each attack variant below
// (other hosts, protocol-relative, backslashes, control characters, their
// percent-encoded and double-encoded forms, dot segments that collapse into
// "//") must fall back to the page's default; plain paths must survive.
// Real server over HTTP.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { BASE_URL, CookieJar, fixtures, parseForms } from "../api/helpers";
import { freshAddress, go, signInForm } from "./support/accounts";

const ATTACKS = [
  "https://evil.example/",
  "http://evil.example",
  "//evil.example",
  "///evil.example",
  "////evil.example/x",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/\u0000/evil.example",
  "/\u001f/evil.example",
  "/\u007f/evil.example",
  "/\u0085/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0aSet-Cookie:%20x=1",
  "/%00/evil.example",
  "/%7f/evil.example",
  "%2f%2fevil.example",
  "/%2f%2fevil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5cevil.example",
  "/%5Cevil.example",
  "/%252f%252fevil.example",
  "/%25252f%25252fevil.example",
  "/%255cevil.example",
  "/%250a/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2e/%2fevil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http:evil.example",
  "https:/evil.example",
  "evil.example",
];

/** Same-origin paths that must be kept as they are. */
const KEPT = ["/documents", "/documents?state=pending&page=2", "/templates/abc#fields"];

const origin = new URL(BASE_URL).origin;
/** Where a Location sends a browser (relative to the server). */
const target = (location: string) => new URL(location, BASE_URL);
/** A `next` value as it will be used: it must be a local path that stays on this origin. */
function expectLocal(value: string | null | undefined, expected: string, what: string) {
  expect(value, what).toBe(expected);
  expect(target(value!).origin, what).toBe(origin);
}

const carol = fixtures.users.carol;

/**
 * Every link and form target of a page stays on this site. (The raw HTML may
 * still contain the attack text: Next.js embeds the requested address in the
 * page's data, where it is inert.)
 */
function expectLinksLocal(html: string, what: string) {
  for (const m of html.matchAll(/\s(?:href|action)="([^"]*)"/g)) {
    const value = m[1]!.replace(/&amp;/g, "&");
    expect(target(value).origin, `${what}: ${value}`).toBe(origin);
    const next = target(value).searchParams.get("next");
    if (next !== null) expectLocal(next, "/", `${what}: next in ${value}`);
  }
}

describe.each(ATTACKS.map((a) => [JSON.stringify(a), a]))("redirect parameter %s is refused", (_, attack) => {
  it("POST /login/submit `next`: after a successful sign-in the redirect stays on this site (falls back to /)", async () => {
    const res = await signInForm(new CookieJar(), carol, { next: attack, address: freshAddress() });
    expect(res.status).toBe(303);
    expectLocal(res.location, "/", "Location");
  });

  it("POST /login/submit `next`: the way back to the form after a failure carries the fallback", async () => {
    const res = await go(new CookieJar(), "/login/submit", { form: { email: "", password: "", next: attack } });
    expect(res.status).toBe(303);
    expect(target(res.location!).pathname).toBe("/login");
    expectLocal(target(res.location!).searchParams.get("next"), "/", "next in the Location");
  });

  it("GET /login and /signup `next`: the form's hidden field and the cross links carry the fallback", async () => {
    for (const page of ["/login", "/signup"]) {
      const res = await go(new CookieJar(), `${page}?next=${encodeURIComponent(attack)}`);
      expect(res.status).toBe(200);
      const form = parseForms(res.text).find((f) => f.method === "post")!;
      expectLocal(form.fields.next, "/", `${page} hidden next`);
      expectLinksLocal(res.text, page);
    }
  });

  it("POST /signup/submit and /confirm-email/resend `next`: the answer's address carries the fallback", async () => {
    // A refused password keeps the form's values and `next`: nothing is created.
    const invalid = await go(new CookieJar(), "/signup/submit", { form: { name: "N", email: "n@redirect.example", password: "short", next: attack }, address: freshAddress() });
    expect(target(invalid.location!).pathname).toBe("/signup");
    expectLocal(target(invalid.location!).searchParams.get("next"), "/", "sign-up next");
    // No such account: nothing is sent, the answer is sign-up's page.
    const nobody = `nobody.${crypto.randomBytes(4).toString("hex")}@redirect.example`;
    const resend = await go(new CookieJar(), "/confirm-email/resend", { form: { email: nobody, next: attack }, address: freshAddress() });
    expect(target(resend.location!).pathname).toBe("/signup/sent");
    expectLocal(target(resend.location!).searchParams.get("next"), "/", "resend next");
  });

  it("the confirmation pages `next`: the link pages and the form handler carry the fallback", async () => {
    const page = await go(new CookieJar(), `/confirm-email?token=unknown&next=${encodeURIComponent(attack)}`);
    expect(page.status).toBe(200);
    expectLinksLocal(page.text, "/confirm-email");
    const submit = await go(new CookieJar(), "/confirm-email/submit", { form: { token: "unknown", password: "x", next: attack } });
    expectLocal(target(submit.location!).searchParams.get("next"), "/", "confirm next");
    const sent = await go(new CookieJar(), `/signup/sent?email=a%40b.example&next=${encodeURIComponent(attack)}`);
    expectLinksLocal(sent.text, "/signup/sent");
  });

  it("GET /signin `callbackUrl`: the dashboard's sign-in button gets the fallback", async () => {
    const res = await go(new CookieJar(), `/signin?callbackUrl=${encodeURIComponent(attack)}`);
    expect(res.status).toBe(200);
    // The button's props travel in the page's flight data as JSON (escaped inside a script string).
    const props = [...res.text.matchAll(/\\?"callbackUrl\\?":\\?"([^"\\]*)/g)].map((m) => m[1]);
    expect(props.length, "the sign-in button's callbackUrl is in the page").toBeGreaterThan(0);
    for (const p of props) expectLocal(p, "/documents", "sign-in button callbackUrl");
    expectLinksLocal(res.text, "/signin");
  });

  it("next-auth `callbackUrl` on sign-in and sign-out ends on this site", async () => {
    const jar = new CookieJar();
    const csrf = JSON.parse((await go(jar, "/api/auth/csrf")).text).csrfToken as string;
    const signin = await go(jar, "/api/auth/signin/signing-service", { form: { csrfToken: csrf, callbackUrl: attack, json: "true" } });
    expect(signin.status, signin.text).toBeLessThan(400);
    // next-auth keeps the (checked) destination in a cookie until the OAuth flow returns.
    const kept = decodeURIComponent(jar.cookies.get("next-auth.callback-url") ?? "");
    expect(kept, "callback-url cookie").not.toBe("");
    expect(new URL(kept).origin).toBe(origin);
    expect(kept).not.toContain("evil.example");

    const signout = await go(jar, "/api/auth/signout", { form: { csrfToken: csrf, callbackUrl: attack, json: "true" } });
    const url = signout.status === 200 ? (JSON.parse(signout.text).url as string) : signout.location!;
    expect(new URL(url, BASE_URL).origin).toBe(origin);
    expect(url).not.toContain("evil.example");
  });
});

describe("plain paths of this site are kept", () => {
  it.each(KEPT)("%s", async (path) => {
    const res = await signInForm(new CookieJar(), carol, { next: path, address: freshAddress() });
    expect(res.location).toBe(path);
    const jar = new CookieJar();
    const csrf = JSON.parse((await go(jar, "/api/auth/csrf")).text).csrfToken as string;
    await go(jar, "/api/auth/signin/signing-service", { form: { csrfToken: csrf, callbackUrl: path, json: "true" } });
    expect(decodeURIComponent(jar.cookies.get("next-auth.callback-url") ?? "")).toBe(`${origin}${path}`);
  });
});

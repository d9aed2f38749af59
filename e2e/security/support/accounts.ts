// Sign-up, confirmation and sign-in driven over HTTP like a browser, against
// the shared test server or any other (own-server.ts). Each call may carry its
// own client address (X-Forwarded-For), so throttling tests do not share
// counters with the rest of the suite.
import crypto from "node:crypto";
import { BASE_URL, CookieJar, parseForms } from "../../api/helpers";

export type Page = { status: number; location: string | null; text: string; headers: Headers; ms: number };

/** A unique client address per call site: the throttle counts per address. */
export const freshAddress = () => `198.51.100.${crypto.randomInt(1, 255)}, 10.${crypto.randomInt(0, 255)}.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;

export async function go(
  jar: CookieJar,
  url: string,
  opts: { form?: Record<string, string>; base?: string; address?: string } = {},
): Promise<Page> {
  const base = opts.base ?? BASE_URL;
  const headers: Record<string, string> = { Accept: "text/html,*/*" };
  const cookie = jar.header();
  if (cookie) headers.Cookie = cookie;
  if (opts.address) headers["X-Forwarded-For"] = opts.address;
  let body: string | undefined;
  if (opts.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    headers.Origin = base;
    body = new URLSearchParams(opts.form).toString();
  }
  const t0 = performance.now();
  const res = await fetch(new URL(url, base + "/"), { method: opts.form ? "POST" : "GET", headers, body, redirect: "manual" });
  jar.store(res);
  const text = await res.text();
  return { status: res.status, location: res.headers.get("location"), text, headers: res.headers, ms: performance.now() - t0 };
}

export type NewAccount = { name: string; email: string; password: string; company?: string };

/** Posts the sign-up form (as found on /signup). */
export async function signUp(jar: CookieJar, who: NewAccount, opts: { base?: string; address?: string; next?: string } = {}) {
  const page = await go(jar, `/signup${opts.next ? `?next=${encodeURIComponent(opts.next)}` : ""}`, opts);
  const form = parseForms(page.text).find((f) => f.action.includes("/signup/submit"));
  if (!form) throw new Error(`no sign-up form on /signup (${page.status}): ${page.text.slice(0, 300)}`);
  return go(jar, form.action, { ...opts, form: { ...form.fields, name: who.name, email: who.email, password: who.password, company: who.company ?? "" } });
}

/** Posts the sign-in form straight to /login/submit. */
export function signInForm(jar: CookieJar, who: { email: string; password: string }, opts: { base?: string; address?: string; next?: string } = {}) {
  return go(jar, "/login/submit", { ...opts, form: { email: who.email, password: who.password, next: opts.next ?? "/" } });
}

/** Opens a confirmation link and submits its form with `password`. Answers the form's answer (or the page, when it has no form). */
export async function confirmWith(jar: CookieJar, link: string, password: string, opts: { address?: string } = {}) {
  const url = new URL(link);
  const page = await go(jar, url.pathname + url.search, { base: url.origin, address: opts.address });
  const form = parseForms(page.text).find((f) => f.action.includes("/confirm-email/submit"));
  if (!form) return { page, answer: null };
  const answer = await go(jar, form.action, { base: url.origin, address: opts.address, form: { ...form.fields, password } });
  return { page, answer };
}

export const hasSession = (jar: CookieJar) => jar.cookies.has("sid");

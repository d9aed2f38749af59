// Rails-style form encoding, as the real service's client libraries write a
// body (Rack's `build_nested_query`): `document[name]=…`, arrays of values as
// `k[]=…`, arrays of objects as `k[][name]=…&k[][email]=…` (a repeated key
// starts the next element), null as a bare key, numbers and booleans as text.
import { api, BASE_URL, type HttpResult } from "../helpers";

type Json = string | number | boolean | null | undefined | Json[] | { [k: string]: Json };

/** [key, value] pairs; `value` null is a key without "=". */
export function railsPairs(value: Json, prefix = ""): [string, string | null][] {
  if (value === undefined) return [];
  if (value === null) return [[prefix, null]];
  if (Array.isArray(value)) return value.flatMap((v) => railsPairs(v, `${prefix}[]`));
  if (typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => railsPairs(v, prefix ? `${prefix}[${k}]` : k));
  }
  return [[prefix, String(value)]];
}

const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");

/** The body text: `document%5Bname%5D=NDA&…`. */
export function railsForm(value: { [k: string]: Json } | [string, string | null][]): string {
  const pairs = Array.isArray(value) ? value : railsPairs(value);
  return pairs.map(([k, v]) => (v === null ? encode(k) : `${encode(k)}=${encode(v)}`)).join("&");
}

/** A resource-API call with a form-encoded body (the token in the header unless the form carries `access_token`). */
export function formCall<T = any>(
  path: string,
  opts: { token?: string; method?: string; form: { [k: string]: Json } | [string, string | null][] | string },
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const body = typeof opts.form === "string" ? opts.form : railsForm(opts.form);
  return fetchJson<T>(path, { method: opts.method ?? "POST", headers, body });
}

/** The same call with the same parameters as JSON. */
export function jsonCall<T = any>(path: string, opts: { token: string; method?: string; body: unknown }) {
  return api<T>(path, { token: opts.token, method: opts.method ?? "POST", body: opts.body });
}

async function fetchJson<T>(path: string, init: RequestInit): Promise<HttpResult<T>> {
  const res = await fetch(new URL(path, BASE_URL + "/"), { redirect: "manual", ...init });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: left as text
  }
  return { status: res.status, headers: res.headers, body, text };
}

/**
 * An answer with what differs between two otherwise identical calls taken
 * out: ids, timestamps, addresses (they embed ids and expiries) and embed
 * codes; audit entries keep their keyword and text.
 */
export function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (/^(id|url|embed_code)$|_id$|_at$|_url$|_urls$/.test(k)) continue;
    if (k === "audits" && Array.isArray(v)) {
      out[k] = v.map((a: any) => ({ keyword: a.metadata?.keyword, payload: a.payload }));
      continue;
    }
    out[k] = comparable(v);
  }
  return out;
}

/**
 * Just enough of a browser for signing in with fetch: a cookie jar for one
 * host, requests that never follow redirects on their own, and the forms of
 * a server-rendered page.
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || attrs.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(names?: string[]): string {
    return [...this.cookies].filter(([k]) => !names || names.includes(k)).map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export type Page = { status: number; location: string | null; text: string; url: URL };

export async function browse(jar: CookieJar, url: URL, init: { form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Page> {
  const headers: Record<string, string> = { Accept: "text/html,application/json;q=0.9,*/*;q=0.8", Cookie: jar.header(), ...init.headers };
  let body: string | undefined;
  if (init.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    headers.Origin = url.origin;
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(url, { method: body ? "POST" : "GET", headers, body, redirect: "manual" });
  jar.store(res);
  const location = res.headers.get("location");
  return { status: res.status, location: location && new URL(location, url).toString(), text: await res.text(), url };
}

/** Follows redirects on `origin` (a browser would), stopping at the first one that leaves it, or at a page. */
export async function follow(jar: CookieJar, start: Page, origin: string, maxHops = 10): Promise<Page> {
  let page = start;
  for (let hop = 0; hop < maxHops && page.location && page.status >= 300 && page.status < 400; hop++) {
    const next = new URL(page.location);
    if (next.origin !== origin) return page;
    page = await browse(jar, next);
  }
  return page;
}

export type Form = { action: string; fields: Record<string, string> };

/** Forms with their action and hidden/pre-filled inputs (enough for the login and consent pages). */
export function parseForms(html: string, base: URL): Form[] {
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, "i").exec(tag)?.[1]?.replace(/&amp;/g, "&");
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map((m) => {
    const fields: Record<string, string> = {};
    for (const input of m[2]!.matchAll(/<input\b[^>]*>/gi)) {
      const name = attr(input[0], "name");
      if (name && !/type\s*=\s*"(submit|button|checkbox|radio)"/i.test(input[0])) fields[name] = attr(input[0], "value") ?? "";
    }
    return { action: new URL(attr(m[1]!, "action") ?? "", base).toString(), fields };
  });
}

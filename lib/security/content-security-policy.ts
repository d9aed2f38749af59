// The Content-Security-Policy of every HTML page, built per response by
// proxy.ts with a fresh nonce. Scripts run only with the nonce ('strict-dynamic'
// lets them load the app's chunks); no 'unsafe-inline' for scripts.

export type PolicyOptions = {
  nonce: string;
  /** Signer pages are placed in other applications' iframes (embedded signing): no frame-ancestors. */
  framable: boolean;
  /** `npm run dev`: React's dev tools need eval, the dev overlay injects styles without the nonce. */
  development: boolean;
  /** Origins the page's own scripts may fetch from besides 'self' (the API when API_BASE_URL is elsewhere). */
  connectOrigins: string[];
  /**
   * Origins a form of this page may end up at after redirects: Chromium checks
   * form-action on every redirect that follows a form submission, and the OAuth
   * consent (and the sign-in that continues to /oauth/authorize) ends with a
   * redirect to the client's redirect_uri.
   */
  formOrigins: string[];
  /** APP_URL is https: ask the browser to upgrade any stray http sub-resource. */
  https: boolean;
};

export function contentSecurityPolicy(o: PolicyOptions): string {
  const nonce = `'nonce-${o.nonce}'`;
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", nonce, "'strict-dynamic'", ...(o.development ? ["'unsafe-eval'"] : [])],
    // <style> elements need the nonce (Next.js adds it to its own); React's
    // style="" attributes (field positions on the signer page, the builder,
    // progress bars) cannot carry a nonce and are allowed as attributes only.
    ["style-src", "'self'", ...(o.development ? ["'unsafe-inline'"] : [nonce])],
    ["style-src-attr", "'unsafe-inline'"],
    // data: and blob: for drawn and uploaded signatures (canvas.toDataURL, object URLs).
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'", ...o.connectOrigins],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'", ...o.formOrigins],
    ...(o.framable ? [] : [["frame-ancestors", "'none'"] as [string, ...string[]]]),
    ...(o.https ? [["upgrade-insecure-requests"] as [string, ...string[]]] : []),
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** The origin of an http(s) URL, or null. */
export function httpOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Where the OAuth flow on this page may redirect after its form: the origin of
 * the `redirect_uri` in the page's own query (the consent page) or in the
 * /oauth/authorize address of its `next` parameter (sign-in, sign-up and
 * e-mail confirmation, whose forms sign in and continue there). The
 * authorize endpoint redirects only to a redirect URI registered for the
 * client, so allowing this origin lets no form go anywhere the endpoint would
 * not send it anyway.
 */
export function oauthRedirectOrigins(pathname: string, search: URLSearchParams, base: string): string[] {
  let query: URLSearchParams | null = null;
  if (pathname === "/consent") query = search;
  else if (pathname === "/login" || pathname === "/signup" || pathname === "/confirm-email") {
    const next = search.get("next");
    if (next?.startsWith("/oauth/authorize?")) query = new URL(next, base).searchParams;
  }
  const origin = httpOrigin(query?.get("redirect_uri"));
  return origin ? [origin] : [];
}

/** HSTS for a service reached over https: a year, this host only (subdomains are the operator's call). */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

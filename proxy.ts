import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/env";
import {
  contentSecurityPolicy,
  httpOrigin,
  oauthRedirectOrigins,
  STRICT_TRANSPORT_SECURITY,
} from "@/lib/security/content-security-policy";

/**
 * Every HTML page gets a Content-Security-Policy with a nonce of its own
 * (Next.js reads it from the request's CSP header and puts it on its scripts;
 * pages render per request: the root layout waits for the connection). The
 * framing rule lives in the same policy: signer pages may be framed by anyone
 * (embedded signing), every other page by no one; next.config.mjs adds
 * X-Frame-Options to the latter. HSTS when APP_URL is https.
 */
export function proxy(request: NextRequest) {
  const e = env();
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
  const { pathname, searchParams } = request.nextUrl;
  const https = e.APP_URL.startsWith("https://");
  const apiOrigin = httpOrigin(e.API_BASE_URL);
  const policy = contentSecurityPolicy({
    nonce,
    framable: pathname.startsWith("/sign/"),
    development: e.NODE_ENV === "development",
    connectOrigins: apiOrigin && apiOrigin !== httpOrigin(e.APP_URL) ? [apiOrigin] : [],
    formOrigins: oauthRedirectOrigins(pathname, searchParams, e.APP_URL),
    https,
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  // Layouts are not told the path below them; the dashboard's item layouts need it to answer a
  // missing document or template with a real 404 (app/(dashboard)/_lib/not-found-unless-visible.ts).
  requestHeaders.set("x-pathname", pathname);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  if (https) response.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  return response;
}

export const config = {
  matcher: [
    /*
     * Pages only. Left out: static files, and every route handler that is not
     * a page (the API, OAuth endpoints, files, uploads, form and JSON posts):
     * Proxy tees a request body it runs for (truncating it at 10 MB), which
     * would defeat the streaming body limits of those routes, and their JSON
     * answers need no script policy (next.config.mjs gives them
     * frame-ancestors 'none').
     */
    {
      source:
        "/((?!_next/static|_next/image|favicon\\.ico|public/|ext/|files/|uploads/|oauth/|api/|verify(?:/check)?$|login/submit|signup/submit|confirm-email/submit|confirm-email/resend|signin/signed-out|certificates/|logout|send/status/|sign/[^/]+/(?:submit|decline|pin)).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
    // The /verify page, but not POST /verify with a PDF (next.config.mjs rewrites it to the report route).
    {
      source: "/verify",
      missing: [
        { type: "header", key: "content-type" },
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};

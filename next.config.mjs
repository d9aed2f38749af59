import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";

/** @type {import('next').NextConfig} */

// Framing: every response refuses it except the signer pages, which embedded
// signing places inside other applications' iframes. Pages get their full
// Content-Security-Policy (nonce, frame-ancestors) from proxy.ts at request
// time; this static frame-ancestors policy covers the responses proxy.ts does
// not see (API, files, redirects of route handlers). Headers here are fixed at
// build time, so nothing that depends on runtime settings (HSTS follows
// APP_URL) is set here.
const noFraming = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
];
const common = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
];

const nextConfig = {
  poweredByHeader: false,
  // The test runner builds into its own folder so a dev server can run beside it.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Source maps of the browser chunks, only when asked (NEXT_BROWSER_SOURCE_MAPS=1): they
  // name the module behind every byte of first-load JS (bench/dashboard/bundle-report.ts).
  productionBrowserSourceMaps: process.env.NEXT_BROWSER_SOURCE_MAPS === "1",
  // Native or file-URL-dependent packages that Turbopack must not bundle
  // (see shared/notes/stack-findings.md).
  serverExternalPackages: ["@electric-sql/pglite", "@napi-rs/canvas", "pdfjs-dist", "pg-boss", "pg"],
  // Trailing slashes: Next.js would answer `/public/v2/documents/` with a 308
  // to the path without it, which API clients that POST do not follow (or
  // follow as a GET). Its own redirect is off; pages keep it through the rule
  // in redirects(), and API paths (/public, /oauth, /ext, files, certificates,
  // uploads) are answered directly: the router matches them without the slash.
  skipTrailingSlashRedirect: true,
  async redirects() {
    return [
      {
        source: "/:path((?!(?:public|oauth|ext|files|certificates|uploads)(?:/|$)).+)/",
        destination: "/:path",
        permanent: true,
      },
    ];
  },
  // POST /verify (a PDF in the body, for machines) is the verification report's route, which
  // cannot sit beside the /verify page in the app folder. Only requests with a body carry a
  // Content-Type; the page's own GETs do not (proxy.ts leaves exactly these requests alone,
  // so the upload is streamed to the route and never buffered by Proxy).
  async rewrites() {
    return {
      beforeFiles: [{ source: "/verify", has: [{ type: "header", key: "content-type" }], destination: "/verify/check" }],
    };
  },
  async headers() {
    return [
      { source: "/((?!sign/).*)", headers: [...noFraming, ...common] },
      { source: "/sign/:path*", headers: common },
    ];
  },
};

// Next.js loads every route's code when it starts (preloadEntriesOnStart, on by default), so an idle
// server held the PDF libraries of the few routes that stamp, seal or verify (pdf-lib, fontkit, the PDF
// signer: tens of MB). A route's code now loads on its first request (a few ms, once); the server
// starts sooner and fits a 512 MB instance (bench/README.md, "startup"). Not set for `next dev`, which
// compiles routes on demand anyway and would list it among "experiments" in the developer's log.
export default function config(phase) {
  if (phase === PHASE_DEVELOPMENT_SERVER) return nextConfig;
  return { ...nextConfig, experimental: { preloadEntriesOnStart: false } };
}

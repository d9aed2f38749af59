/** @type {import('next').NextConfig} */

// Every page refuses framing except the signer pages, which embedded signing
// places inside other applications' iframes.
const noFraming = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
];

const nextConfig = {
  poweredByHeader: false,
  // The test runner builds into its own folder so a dev server can run beside it.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Native or file-URL-dependent packages that Turbopack must not bundle
  // (see shared/notes/stack-findings.md).
  serverExternalPackages: ["@electric-sql/pglite", "@napi-rs/canvas", "pdfjs-dist", "pg-boss", "pg"],
  async headers() {
    return [
      { source: "/((?!sign/).*)", headers: [...noFraming, { key: "X-Content-Type-Options", value: "nosniff" }, { key: "Referrer-Policy", value: "same-origin" }] },
      { source: "/sign/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }, { key: "Referrer-Policy", value: "same-origin" }] },
    ];
  },
};

export default nextConfig;

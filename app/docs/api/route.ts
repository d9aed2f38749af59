import { scalarBundle } from "./scalar-bundle";

// GET /docs/api: the API reference (issue 15 point 5), rendered in the browser
// by Scalar from /public/v2/openapi.json (and v1, selectable). A plain HTML
// answer rather than a page of the dashboard: Scalar owns the whole document.
// Nothing is loaded from elsewhere: no fonts, no telemetry, no AI agent, no
// MCP generator, no request proxy.
//
// proxy.ts gives it the pages' Content-Security-Policy and its nonce
// (x-nonce). Both scripts carry the nonce; Scalar's main style sheet reads it
// from `<meta property="csp-nonce">`, and the first script hands it to every
// other <style> Scalar (Vue) creates at run time, which the policy would
// refuse otherwise (style-src has no 'unsafe-inline' in production).

// Scalar's default theme greys and method colours are below WCAG AA contrast
// (axe, e2e/ui/api-reference.spec.ts): darker in light mode, lighter in dark.
const CONTRAST_CSS = `
.light-mode, .light-mode * {
  --scalar-color-2: #575757 !important;
  --scalar-color-3: #5c5c5c !important;
  --scalar-color-blue: #0060a0 !important;
  --scalar-color-green: #00693f !important;
  --scalar-color-orange: #9a4a00 !important;
  --scalar-color-red: #b3261e !important;
  --scalar-color-purple: #6a3d9a !important;
  --scalar-color-yellow: #765800 !important;
}
.dark-mode, .dark-mode * {
  --scalar-color-2: rgba(255, 255, 255, 0.75) !important;
  --scalar-color-3: rgba(255, 255, 255, 0.66) !important;
}`;

const CONFIG = {
  sources: [
    { title: "v2", slug: "v2", url: "/public/v2/openapi.json", default: true },
    { title: "v1", slug: "v1", url: "/public/v1/openapi.json" },
  ],
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
  documentDownloadType: "json",
  hideModels: false,
  defaultOpenAllTags: false,
  customCss: CONTRAST_CSS,
};

const attr = (s: string) => s.replace(/[^A-Za-z0-9+/=_-]/g, "");

/** Gives every <style> element created from here on the page's nonce (read from the meta element above). */
const NONCE_STYLES = `(function () {
  var nonce = document.querySelector('meta[property="csp-nonce"]').content;
  var create = Document.prototype.createElement;
  Document.prototype.createElement = function (tag, options) {
    var el = create.call(this, tag, options);
    if (String(tag).toLowerCase() === "style") el.nonce = nonce;
    return el;
  };
})();`;

export async function GET(req: Request) {
  const nonce = attr(req.headers.get("x-nonce") ?? "");
  const { version } = await scalarBundle();
  const n = nonce ? ` nonce="${nonce}"` : "";
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Signing Service</title>
<meta name="description" content="Reference of the Signing Service API: OAuth, every endpoint, errors, callbacks, rate limits and extensions.">
<meta property="csp-nonce" content="${nonce}">
<link rel="icon" href="/icon.svg" type="image/svg+xml">
</head>
<body>
<noscript>The reference needs JavaScript. The OpenAPI document itself: <a href="/public/v2/openapi.json">/public/v2/openapi.json</a> (v1: <a href="/public/v1/openapi.json">/public/v1/openapi.json</a>).</noscript>
<div id="app"></div>
<script${n}>${NONCE_STYLES}</script>
<script src="/docs/api/scalar.js?v=${encodeURIComponent(version)}"${n}></script>
<script${n}>Scalar.createApiReference("#app", ${JSON.stringify(CONFIG)});</script>
</body>
</html>
`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

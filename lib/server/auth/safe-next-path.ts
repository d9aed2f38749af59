/**
 * The one check for every post-sign-in / post-sign-out destination a request
 * may name (`next`, `callbackUrl`, `returnTo`): only a path on this site.
 *
 * Browsers and servers disagree about odd addresses — `/\evil.example` and
 * `/<TAB>/evil.example` are both "//evil.example" to a browser, and some
 * frameworks decode `%2f%2f` or `%5c` before redirecting — so anything that
 * could be read as another host under any of those interpretations is
 * refused rather than repaired: control characters (C0, DEL, C1),
 * backslashes, a leading `//`, and the same after percent-decoding (repeated,
 * for double encoding). A refused value becomes the fallback.
 *
 * Pure (no server-only imports) so server pages, route handlers and the
 * next-auth redirect callback share it.
 */
export function safeNextPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  let layer = value;
  for (let depth = 0; ; depth++) {
    if (!staysLocal(layer)) return fallback;
    const decoded = decodeEscapes(layer);
    if (decoded === layer) break;
    if (depth >= MAX_DECODES) return fallback;
    layer = decoded;
  }
  // Resolve against a placeholder origin: whatever stays on it is a path of ours, normalised
  // (dot segments removed) so the Location header says exactly what the check saw.
  const resolved = new URL(value, PLACEHOLDER);
  if (resolved.origin !== PLACEHOLDER) return fallback;
  const path = resolved.pathname + resolved.search + resolved.hash;
  // Dot segments can collapse into a leading "//" ("/.//evil.example", "/%2e%2e//evil.example").
  return isPlainLocalPath(path) ? path : fallback;
}

/** `safeNextPath` for an absolute address too: same-origin URLs become their path. */
export function safeSameOriginPath(value: unknown, origin: string, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  if (value.startsWith("/")) return safeNextPath(value, fallback);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  return safeNextPath(url.pathname + url.search + url.hash, fallback);
}

const MAX_LENGTH = 2048;
const MAX_DECODES = 4;
const PLACEHOLDER = "http://next-path.invalid";

// C0 controls (tab, CR, LF…), DEL, C1 controls, and the backslash.
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\]/;

function isPlainLocalPath(s: string) {
  return s.startsWith("/") && !s.startsWith("//") && !FORBIDDEN.test(s);
}

/**
 * One layer of percent-decoding, as lenient as the most lenient decoder: a
 * literal "%" (an OAuth `state` may hold one) stays, escapes of ASCII are
 * always decoded, and other escapes wherever they form valid UTF-8.
 */
function decodeEscapes(s: string) {
  return s.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-7][0-9a-fA-F])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  });
}

/** Plain, and still plain once dot segments are resolved ("/.//evil.example" is "//evil.example"). */
function staysLocal(s: string) {
  if (!isPlainLocalPath(s)) return false;
  const resolved = new URL(s, PLACEHOLDER);
  return resolved.origin === PLACEHOLDER && isPlainLocalPath(resolved.pathname);
}

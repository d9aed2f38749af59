import "server-only";

// Spec 6.3: which callback URLs are accepted at submission time. Whether the
// host resolves to a forbidden (private) address is decided at delivery time,
// because DNS answers can change between submission and delivery.

const MAX_LENGTH = 2048;

const ALLOWED_PORTS: Record<"http:" | "https:", { ports: (p: number) => boolean; text: string; implicit: number }> = {
  "http:": { ports: (p) => p === 80 || (p >= 8000 && p <= 8099) || (p >= 3000 && p <= 3009), text: "80, 8000-8099 or 3000-3009", implicit: 80 },
  "https:": { ports: (p) => p === 443, text: "443", implicit: 443 },
};

/**
 * A human reason why `url` cannot be a callback URL, or null when it can.
 * Callers render it as `Bad input parameter. callback_url: <reason>`.
 */
export function callbackUrlProblem(url: string): string | null {
  if (url.length > MAX_LENGTH) return `must be at most ${MAX_LENGTH} characters long.`;
  // The URL parser silently strips or encodes these; reject them so that what
  // we store is what the client wrote.
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return "must not contain spaces or control characters.";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "must be an absolute http:// or https:// URL.";
  }
  const scheme = parsed.protocol;
  if (scheme !== "http:" && scheme !== "https:") return "must use http or https.";
  if (!/^https?:\/\//i.test(url)) return "must be an absolute http:// or https:// URL.";
  if (!parsed.hostname) return "must name a host.";
  if (url.includes("#")) return "must not contain a fragment (#…).";
  const rule = ALLOWED_PORTS[scheme];
  const port = parsed.port === "" ? rule.implicit : Number(parsed.port);
  if (!rule.ports(port)) return `port ${port} is not allowed for ${scheme.slice(0, -1)} (allowed: ${rule.text}).`;
  return null;
}

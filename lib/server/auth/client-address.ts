import "server-only";

/**
 * The address sign-in throttling counts failures per. The last
 * X-Forwarded-For hop is the one the nearest proxy saw (a proxy appends the
 * peer it talked to; hops before it are whatever the client sent), and with
 * no proxy Next.js fills the header from the socket. Audit entries keep the
 * first hop (requestOrigin) because they record what the client claimed;
 * throttling needs the hop a client cannot choose behind a proxy. Exposed
 * without a proxy a client can still send its own header, so the per-account
 * key is what bounds guessing of one account (docs/security.md).
 */
export function clientAddress(req: Request): string {
  const hops = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  return (hops.at(-1) ?? req.headers.get("x-real-ip") ?? "unknown").slice(0, 100);
}

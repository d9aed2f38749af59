import "server-only";
import http from "node:http";

/**
 * Next.js 16.4 answers an address whose dynamic path segment holds
 * percent-escapes that are not UTF-8 (`/sign/%ED%A0%80`, `/public/v2/
 * documents/%FF`) with a bare 500: it fails to decode the segment, then fails
 * to render the `/400` page an App Router build does not have
 * (vercel/next.js#92527; a fix is proposed upstream in #92557). No code of
 * ours runs for such a request, so the refusal has to come before Next.js
 * sees it: every HTTP server of this process answers 400 with a JSON error
 * body, as our API's own errors look, when a path segment cannot be decoded.
 * Remove this once the Next.js release in use answers such paths itself.
 */
export function refuseUndecodablePaths() {
  const g = globalThis as unknown as { __refusingUndecodablePaths?: boolean };
  if (g.__refusingUndecodablePaths) return;
  g.__refusingUndecodablePaths = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      if (!isDecodablePath(req.url ?? "/")) {
        res.writeHead(400, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
        res.end(JSON.stringify({ error: "Bad request: the address contains percent-escapes that are not UTF-8." }));
        return true;
      }
    }
    return (emit as (...a: unknown[]) => boolean).apply(this, [event, ...args]);
  } as typeof emit;
}

/** Whether every segment of the URL's path decodes as UTF-8 (the query string is left to the application). */
export function isDecodablePath(url: string): boolean {
  const path = url.split("?", 1)[0]!.split("#", 1)[0]!;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

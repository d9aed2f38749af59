import "server-only";
import http from "node:http";
import { env } from "@/lib/env";
import { log } from "./logger";
import { metrics, routeLabel } from "./metrics";
import { requestIdFrom, runWithRequestContext } from "./request-context";

/**
 * Every HTTP request this process answers, pages and API alike: an id (the
 * caller's X-Request-Id when plain, else a new one) echoed in X-Request-Id
 * and put on every log line written while it is handled, one access line
 * when its answer ends, and its count and duration in the metrics. Hooked
 * where the HTTP server hands out requests (as refuse-undecodable-paths.ts
 * does): Next.js offers no other place that sees every request, its
 * matcher-less middleware included, before it is routed.
 */
export function observeRequests() {
  const g = globalThis as unknown as { __observingRequests?: boolean };
  if (g.__observingRequests) return;
  g.__observingRequests = true;
  const emit = http.Server.prototype.emit;
  const development = env().NODE_ENV === "development";
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event !== "request") return (emit as (...a: unknown[]) => boolean).apply(this, [event, ...args]);
    const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    const started = process.hrtime.bigint();
    res.setHeader("X-Request-Id", requestId);
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const method = req.method ?? "GET";
      const route = routeLabel(req.url ?? "/");
      const m = metrics();
      m.httpRequests.inc({ method, route, status: String(res.statusCode) });
      m.httpDuration.observe({ method, route }, seconds);
      // The path only: the query may hold an access_token, a signed address's signature.
      // (`incomplete`: the client went away before the answer ended.)
      const line = { requestId, method, path: (req.url ?? "/").split("?", 1)[0], status: res.statusCode, ms: Math.round(seconds * 1000), incomplete: !res.writableFinished || undefined };
      // `npm run dev` prints its own request lines: there the access log is debug-level.
      if (route !== "/_next/*" && route !== "/healthz") log("http")[development ? "debug" : "info"](line, "request");
    });
    return runWithRequestContext({ requestId }, () => (emit as (...a: unknown[]) => boolean).apply(this, [event, ...args]));
  } as typeof emit;
}

import "server-only";
import http from "node:http";
import { readinessResponse } from "./check-readiness";
import { log } from "./logger";
import { refuseUnauthorizedMetrics, renderMetrics } from "./render-metrics";

/**
 * `npm run worker` has no web server of its own: with METRICS_PORT it answers
 * /healthz, /readyz and /metrics on that port, the same way the web instances
 * do, so job counters and durations can be scraped from workers too.
 */
export function serveWorkerEndpoints(port: number): http.Server {
  const server = http.createServer((req, res) => {
    void answer(req).then(
      (r) => send(res, r),
      (err) => {
        log("worker-http").error({ err }, "could not answer");
        send(res, Response.json({ error: "internal error" }, { status: 500 }));
      },
    );
  });
  server.listen(port, () => log("worker-http").info({ port }, "health and metrics endpoints listening"));
  return server;
}

async function answer(req: http.IncomingMessage): Promise<Response> {
  const path = (req.url ?? "/").split("?", 1)[0];
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  if (req.method !== "GET") return Response.json({ error: "Method not allowed." }, { status: 405 });
  if (path === "/healthz") return Response.json({ status: "ok" });
  if (path === "/readyz") return readinessResponse();
  if (path === "/metrics") {
    const refused = refuseUnauthorizedMetrics(new Request("http://worker/metrics", { headers }));
    if (refused) return refused;
    const { body, contentType } = await renderMetrics();
    return new Response(body, { headers: { "Content-Type": contentType } });
  }
  return Response.json({ error: "Not found." }, { status: 404 });
}

async function send(res: http.ServerResponse, r: Response) {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  r.headers.forEach((v, k) => (headers[k] = v));
  res.writeHead(r.status, headers);
  res.end(Buffer.from(await r.arrayBuffer()));
}

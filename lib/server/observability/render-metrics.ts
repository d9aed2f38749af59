import "server-only";
import crypto from "node:crypto";
import { env } from "@/lib/env";
import { getDb } from "@/lib/server/db/client";
import { collectQueueMetrics } from "./collect-queue-metrics";
import { log } from "./logger";
import { metrics } from "./metrics";

/**
 * With METRICS_TOKEN set, /metrics wants `Authorization: Bearer <token>`
 * (what Prometheus' `authorization` scrape setting sends); a 401 otherwise.
 * Unset, it is open (bind it to a private network, or set the token).
 */
export function refuseUnauthorizedMetrics(req: Request): Response | null {
  const token = env().METRICS_TOKEN;
  if (!token) return null;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(token).digest();
  if (given && crypto.timingSafeEqual(a, b)) return null;
  return Response.json(
    { error: "The metrics need the token set in METRICS_TOKEN (Authorization: Bearer <token>)." },
    { status: 401, headers: { "WWW-Authenticate": 'Bearer realm="metrics"', "Cache-Control": "no-store" } },
  );
}

export async function renderMetrics() {
  try {
    await collectQueueMetrics(await getDb());
  } catch (err) {
    // The process's own metrics are still worth serving when the queue cannot be read.
    log("metrics").warn({ err }, "queue metrics could not be read");
  }
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

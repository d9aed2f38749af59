import "server-only";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The process's Prometheus metrics (served at /metrics). Kept on globalThis:
 * Next.js may load this module in several bundles of one process, and two
 * registries would each see half of the requests.
 */
function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  return {
    registry,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route (ids replaced by :id) and status",
      labelNames: ["method", "route", "status"] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method and route",
      labelNames: ["method", "route"] as const,
      buckets: seconds,
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: "jobs_processed_total",
      help: "Background jobs run by this process, by queue and outcome (completed, failed)",
      labelNames: ["queue", "outcome"] as const,
      registers: [registry],
    }),
    jobRetries: new Counter({
      name: "jobs_retries_total",
      help: "Job runs that were a retry of an earlier failed or lost run, by queue",
      labelNames: ["queue"] as const,
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: "job_duration_seconds",
      help: "Time a job's handler took, by queue",
      labelNames: ["queue"] as const,
      buckets: seconds,
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: "jobs_queue_depth",
      help: "Jobs waiting or running in the shared queue (every instance), by queue and state",
      labelNames: ["queue", "state"] as const,
      registers: [registry],
    }),
    queueAge: new Gauge({
      name: "jobs_queue_oldest_age_seconds",
      help: "Age of the oldest job waiting to start (due now, not deferred), by queue",
      labelNames: ["queue"] as const,
      registers: [registry],
    }),
    callbackDeliveries: new Counter({
      name: "callback_deliveries_total",
      help: "Callback (webhook) delivery attempts made by this process, by outcome",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    authCacheInvalidations: new Counter({
      name: "auth_cache_invalidations_total",
      help: "Invalidations of cached token owners this process issued (one NOTIFY each on PostgreSQL), by what they name",
      labelNames: ["target"] as const,
      registers: [registry],
    }),
    answerCache: new Counter({
      name: "api_answer_cache_total",
      help: "Document list and document answers of this process: served from its cache (hit), made because none was cached (miss) or because what was cached had changed (stale)",
      labelNames: ["route", "outcome"] as const,
      registers: [registry],
    }),
    processedPages: new Counter({
      name: "processing_pages_total",
      help: "Page images this process drew for uploads and signed documents, by renderer (pdftoppm, or pdf.js: the fallback; docs/processing.md)",
      labelNames: ["renderer"] as const,
      registers: [registry],
    }),
    completion: new Histogram({
      name: "document_completion_seconds",
      help: "From the last signature (completion queued) to the signed PDF stored",
      buckets: seconds,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof create>;

const g = globalThis as unknown as { __metrics?: Metrics };

export function metrics(): Metrics {
  g.__metrics ??= create();
  return g.__metrics;
}

// Path segments that name one thing (uuids, hex digests, numbers, tokens) become `:id`,
// so the route label has one value per route, not one per document.
const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,}|\d+|[A-Za-z0-9_-]{20,})$/i;
const MAX_ROUTES = 300;
const seenRoutes = new Set<string>();

/** The route label of a request path: ids folded, static assets grouped, at most MAX_ROUTES values. */
export function routeLabel(urlPath: string): string {
  const pathname = urlPath.split("?", 1)[0]!;
  if (pathname.startsWith("/_next/")) return "/_next/*";
  const route = pathname
    .split("/")
    .map((s) => (ID_SEGMENT.test(s) ? ":id" : s))
    .join("/");
  if (seenRoutes.has(route)) return route;
  if (seenRoutes.size >= MAX_ROUTES) return "other";
  seenRoutes.add(route);
  return route;
}

import { refuseUnauthorizedMetrics, renderMetrics } from "@/lib/server/observability/render-metrics";

// Prometheus metrics of this process (and the shared job queue), text exposition format.
export const dynamic = "force-dynamic";

export async function GET(req: Request) {
  const refused = refuseUnauthorizedMetrics(req);
  if (refused) return refused;
  const { body, contentType } = await renderMetrics();
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
}

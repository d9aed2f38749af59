import { readinessResponse } from "@/lib/server/observability/check-readiness";

// Readiness: 200 when the database, the file store and the job queue answer, 503 otherwise and
// once the process is stopping (a load balancer stops sending traffic here).
export const dynamic = "force-dynamic";

export function GET() {
  return readinessResponse({ "Cache-Control": "no-store" });
}

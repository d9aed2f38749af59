// Liveness: the process answers HTTP. Nothing else is checked (a database outage must not make an
// orchestrator restart every instance); readiness is /readyz.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}

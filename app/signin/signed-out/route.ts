import { apiBaseUrl, apiIsThisDeployment } from "@/lib/server/dashboard/dashboard-config";

/**
 * Where the dashboard's sign-out lands. When the service is this deployment
 * its sign-in has already ended (lib/server/dashboard/end-service-session.ts);
 * when the dashboard is a client of another deployment, that service's sign-in
 * cookie is only reachable there, so the browser goes through its /logout.
 */
export function GET() {
  const location = apiIsThisDeployment() ? "/signin?signedOut=1" : `${apiBaseUrl()}/logout`;
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

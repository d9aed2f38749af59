import "server-only";
import { env } from "@/lib/env";
import { deriveSecret } from "@/lib/server/secrets";

/** The dashboard's own OAuth client, provisioned from configuration on every start. */
export function dashboardClientConfig() {
  const e = env();
  return {
    clientId: e.DASHBOARD_CLIENT_ID,
    clientSecret: e.DASHBOARD_CLIENT_SECRET ?? deriveSecret("dashboard-client-secret"),
    name: "Signing Service dashboard",
    redirectUri: `${e.APP_URL}/api/auth/callback/signing-service`,
  };
}

/** The API deployment the dashboard is a client of. */
export const apiBaseUrl = () => (env().API_BASE_URL ?? env().APP_URL).replace(/\/+$/, "");

/** Whether that deployment is this one (then its sign-in cookie and sessions are ours to end). */
export const apiIsThisDeployment = () => new URL(apiBaseUrl()).origin === new URL(env().APP_URL).origin;

export const nextAuthSecret = () => env().NEXTAUTH_SECRET ?? deriveSecret("nextauth");

import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { redirect } from "next/navigation";
import { decode } from "next-auth/jwt";
import { getDb } from "@/lib/server/db/client";
import { createApiClient, type ApiClient } from "@/lib/api-client/client";
import { apiBaseUrl, nextAuthSecret } from "./dashboard-config";
import { getDashboardAccessToken } from "./dashboard-sessions";

const COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/** `userId`: the API user's id (next-auth's `sub`), the key of per-user caches; kept out of `user`, which the header shows. */
export type DashboardSession = { user: { name: string; email: string }; userId: string; api: ApiClient };

/**
 * The signed-in dashboard user with an API client holding their token (server side only), or null.
 * Once per request: the layout, the section's layout and the page all ask for it.
 */
export const getDashboardSession = cache(readDashboardSession);

async function readDashboardSession(): Promise<DashboardSession | null> {
  const jar = await cookies();
  const raw = COOKIES.map((name) => jar.get(name)?.value).find(Boolean);
  if (!raw) return null;
  const jwt = await decode({ token: raw, secret: nextAuthSecret() }).catch(() => null);
  if (!jwt || typeof jwt.sid !== "string") return null;
  const token = await getDashboardAccessToken(await getDb(), jwt.sid);
  if (!token) return null;
  return {
    user: { name: String(jwt.name ?? ""), email: String(jwt.email ?? "") },
    userId: String(jwt.sub ?? jwt.sid),
    api: createApiClient({ baseUrl: apiBaseUrl(), token }),
  };
}

/** For dashboard pages: the session, or a redirect to sign-in that returns here. */
export async function requireDashboardSession(returnTo: string): Promise<DashboardSession> {
  const session = await getDashboardSession();
  if (!session) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
  return session;
}

import "server-only";
import type { NextAuthOptions } from "next-auth";
import { env } from "@/lib/env";
import { getDb } from "@/lib/server/db/client";
import { safeSameOriginPath } from "@/lib/server/auth/safe-next-path";
import { apiBaseUrl, apiIsThisDeployment, dashboardClientConfig, nextAuthSecret } from "./dashboard-config";
import { endServiceSession } from "./end-service-session";
import { createDashboardSession, endDashboardSession } from "./dashboard-sessions";

type MeResponse = { user: { id: string; name: string; email: string; avatar_url: string | null } };

/**
 * How long the sign-in's server-to-server calls (code for tokens, then /me) may take.
 * openid-client's default is 3.5 s, which the very first sign-in under `next dev` exceeds:
 * /oauth/token and /public/v2/me are compiled on demand by that request, and the sign-in
 * then failed with "Sign-in did not complete" (issue 13). A compiled server answers in
 * milliseconds; the bound only keeps a hung API deployment from holding the callback forever.
 */
const SIGN_IN_HTTP_TIMEOUT_MS = { development: 120_000, other: 20_000 } as const;
const signInHttpTimeoutMs = () => (env().NODE_ENV === "development" ? SIGN_IN_HTTP_TIMEOUT_MS.development : SIGN_IN_HTTP_TIMEOUT_MS.other);

/**
 * The dashboard signs in with its own OAuth client against this service's
 * /oauth/authorize (PKCE + state). The tokens stay on the server (dashboard
 * sessions); the encrypted next-auth cookie carries only the session id.
 */
export function authOptions(): NextAuthOptions {
  // next-auth reads its public address from NEXTAUTH_URL; ours is APP_URL.
  process.env.NEXTAUTH_URL ??= env().APP_URL;
  const client = dashboardClientConfig();
  const api = apiBaseUrl();
  const timeout = signInHttpTimeoutMs();
  return {
    secret: nextAuthSecret(),
    session: { strategy: "jwt", maxAge: 30 * 24 * 3600 },
    pages: { signIn: "/signin" },
    providers: [
      {
        id: "signing-service",
        name: "Signing Service",
        type: "oauth",
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        checks: ["pkce", "state"],
        httpOptions: { timeout },
        authorization: { url: `${api}/oauth/authorize`, params: { scope: "read write", response_type: "code" } },
        token: `${api}/oauth/token`,
        userinfo: {
          url: `${api}/public/v2/me`,
          async request({ tokens }) {
            const res = await fetch(`${api}/public/v2/me`, {
              headers: { Authorization: `Bearer ${tokens.access_token}` },
              signal: AbortSignal.timeout(timeout),
            });
            return ((await res.json()) as MeResponse).user;
          },
        },
        client: { token_endpoint_auth_method: "client_secret_post" },
        profile(user: MeResponse["user"]) {
          return { id: user.id, name: user.name, email: user.email, image: user.avatar_url };
        },
      },
    ],
    callbacks: {
      // Every callbackUrl next-auth is given (sign-in, sign-out, its cookie) ends on a path of
      // this site, checked by the service's one redirect rule (no open redirects).
      async redirect({ url, baseUrl }) {
        return `${baseUrl}${safeSameOriginPath(url, baseUrl)}`;
      },
      async jwt({ token, account }) {
        if (account?.access_token && account.refresh_token) {
          token.sid = await createDashboardSession(await getDb(), account.providerAccountId, {
            access_token: account.access_token,
            refresh_token: account.refresh_token,
            expires_in: account.expires_at ? account.expires_at - Math.floor(Date.now() / 1000) : 7200,
          });
        }
        return token;
      },
      // What the browser may see: name and e-mail, never tokens or the session id.
      async session({ session, token }) {
        session.user = { name: token.name, email: token.email, image: token.picture };
        return session;
      },
    },
    events: {
      async signOut({ token }) {
        const db = await getDb();
        if (typeof token?.sid === "string") await endDashboardSession(db, token.sid);
        // Signing out of the dashboard also ends the service's own sign-in, so signing in again
        // asks for the password. Here only when the service is this deployment (its `sid` cookie is
        // ours); otherwise the sign-out page sends the browser through that service's /logout.
        if (apiIsThisDeployment()) await endServiceSession(db);
      },
    },
  };
}

import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { dashboardSessions } from "@/lib/server/db/schema";
import { decryptString, encryptString, newId } from "@/lib/server/crypto";
import { deriveSecret } from "@/lib/server/secrets";
import { apiBaseUrl, dashboardClientConfig } from "./dashboard-config";

const key = () => deriveSecret("dashboard-session-tokens");
/** Refresh this long before the 7200 s expiry, so a page never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

type TokenSet = { access_token: string; refresh_token: string; expires_in: number };

export async function createDashboardSession(db: Db, apiUserId: string, tokens: TokenSet) {
  const id = newId();
  await db.insert(dashboardSessions).values({
    id,
    apiUserId,
    accessTokenEnc: encryptString(key(), tokens.access_token),
    refreshTokenEnc: encryptString(key(), tokens.refresh_token),
    expiresAt: new Date(Date.now() + tokens.expires_in * 1000),
  });
  return id;
}

const inFlight = new Map<string, Promise<string | null>>();

/**
 * The session's access token, refreshed first when it is close to expiry.
 * Concurrent requests of one session share a single refresh: presenting the
 * same refresh token twice is treated by the server as theft and revokes
 * everything. (No database transaction is held across the HTTP call: on
 * PGlite it would block the token endpoint it is waiting for.)
 */
export function getDashboardAccessToken(db: Db, sessionId: string): Promise<string | null> {
  let pending = inFlight.get(sessionId);
  if (!pending) {
    pending = currentToken(db, sessionId).finally(() => inFlight.delete(sessionId));
    inFlight.set(sessionId, pending);
  }
  return pending;
}

async function currentToken(db: Db, sessionId: string): Promise<string | null> {
  const [row] = await db.select().from(dashboardSessions).where(eq(dashboardSessions.id, sessionId));
  if (!row) return null;
  if (row.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS) return decryptString(key(), row.accessTokenEnc);
  const refreshed = await refresh(decryptString(key(), row.refreshTokenEnc));
  if (!refreshed) {
    await db.delete(dashboardSessions).where(eq(dashboardSessions.id, sessionId));
    return null;
  }
  await db
    .update(dashboardSessions)
    .set({
      accessTokenEnc: encryptString(key(), refreshed.access_token),
      refreshTokenEnc: encryptString(key(), refreshed.refresh_token),
      expiresAt: new Date(Date.now() + refreshed.expires_in * 1000),
      updatedAt: new Date(),
    })
    .where(eq(dashboardSessions.id, sessionId));
  return refreshed.access_token;
}

async function refresh(refreshToken: string): Promise<TokenSet | null> {
  const client = dashboardClientConfig();
  const res = await fetch(`${apiBaseUrl()}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  });
  return res.ok ? ((await res.json()) as TokenSet) : null;
}

/** Sign-out: the refresh token (and with it the access token) is revoked at the server. */
export async function endDashboardSession(db: Db, sessionId: string) {
  const [row] = await db.delete(dashboardSessions).where(eq(dashboardSessions.id, sessionId)).returning();
  if (!row) return;
  const client = dashboardClientConfig();
  await fetch(`${apiBaseUrl()}/oauth/revoke`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      token: decryptString(key(), row.refreshTokenEnc),
      client_id: client.clientId,
      client_secret: client.clientSecret,
    }),
  }).catch((err) => console.error("[dashboard] revoke at sign-out failed", err));
}

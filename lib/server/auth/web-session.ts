import "server-only";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { users, webSessions } from "@/lib/server/db/schema";
import { hmac, newId, randomToken, safeEqual, sha256 } from "@/lib/server/crypto";
import { env } from "@/lib/env";

/** The authorization server's own sign-in (login, consent, sign-up pages). */
export const SESSION_COOKIE = "sid";
const SESSION_TTL_SECONDS = 7 * 24 * 3600;

export async function createWebSession(db: Db, userId: string) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  await db.insert(webSessions).values({ id: newId(), tokenHash: sha256(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function getWebSessionUser(db: Db, token: string | undefined | null) {
  if (!token) return null;
  const [row] = await db
    .select({ user: users })
    .from(webSessions)
    .innerJoin(users, eq(users.id, webSessions.userId))
    .where(and(eq(webSessions.tokenHash, sha256(token)), gt(webSessions.expiresAt, new Date())))
    .limit(1);
  return row?.user ?? null;
}

export async function deleteWebSession(db: Db, token: string) {
  await db.delete(webSessions).where(eq(webSessions.tokenHash, sha256(token)));
}

export function sessionCookie(token: string, expiresAt: Date) {
  const secure = env().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Expires=${expiresAt.toUTCString()}${secure}`;
}

export const clearedSessionCookie = () => `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;

/** A form token bound to the session, so another site cannot submit our forms. */
export const csrfTokenFor = (sessionToken: string) => hmac(sessionToken, "csrf");

export const verifyCsrfToken = (sessionToken: string, submitted: string | null) =>
  !!submitted && safeEqual(csrfTokenFor(sessionToken), submitted);

export function readCookie(req: Request, name: string): string | null {
  const header = req.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return null;
}

/** Only same-site paths may be a post-sign-in destination (no open redirects): see safe-next-path.ts. */
export { safeNextPath } from "./safe-next-path";

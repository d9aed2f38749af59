import "server-only";
import { cookies } from "next/headers";
import type { Db } from "@/lib/server/db/client";
import { deleteWebSession, SESSION_COOKIE } from "@/lib/server/auth/web-session";

/**
 * Ends the service's own sign-in (`sid`, table web_sessions) of the browser
 * that is signing out of the dashboard, when both are this deployment. Runs
 * inside next-auth's sign-out request, so the cookie is read from it and the
 * cleared cookie goes out with next-auth's answer.
 */
export async function endServiceSession(db: Db) {
  const jar = await cookies();
  const token = jar.get(SESSION_COOKIE)?.value;
  if (!token) return;
  await deleteWebSession(db, token);
  jar.delete(SESSION_COOKIE);
}

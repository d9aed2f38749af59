import { getDb } from "@/lib/server/db/client";
import { clearedSessionCookie, deleteWebSession, readCookie, SESSION_COOKIE } from "@/lib/server/auth/web-session";
import { isForeignOrigin, seeOther } from "@/lib/server/http/form";

export async function POST(req: Request) {
  if (isForeignOrigin(req)) return new Response("Cross-site form submission refused.", { status: 403 });
  const token = readCookie(req, SESSION_COOKIE);
  if (token) await deleteWebSession(await getDb(), token);
  return seeOther("/login", { "Set-Cookie": clearedSessionCookie() });
}

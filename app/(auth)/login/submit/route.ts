import { getDb } from "@/lib/server/db/client";
import { verifyUserCredentials } from "@/lib/server/accounts/get-user";
import { createWebSession, safeNextPath, sessionCookie } from "@/lib/server/auth/web-session";
import { isForeignOrigin, readForm, seeOther } from "@/lib/server/http/form";

export async function POST(req: Request) {
  if (isForeignOrigin(req)) return new Response("Cross-site form submission refused.", { status: 403 });
  const form = await readForm(req);
  const next = safeNextPath(form.get("next"));
  const email = (form.get("email") ?? "").trim();
  const password = form.get("password") ?? "";
  const back = (error: string) =>
    seeOther(`/login?${new URLSearchParams({ error, email, next }).toString()}`);
  if (!email || !password) return back("missing");

  const db = await getDb();
  const user = await verifyUserCredentials(db, email, password);
  if (!user) return back("invalid");
  const session = await createWebSession(db, user.id);
  return seeOther(next, { "Set-Cookie": sessionCookie(session.token, session.expiresAt) });
}

import { getDb } from "@/lib/server/db/client";
import { createUser, EmailTakenError } from "@/lib/server/accounts/create-user";
import { createWebSession, safeNextPath, sessionCookie } from "@/lib/server/auth/web-session";
import { isForeignOrigin, readForm, seeOther } from "@/lib/server/http/form";
import { signupSchema, type SignupErrorCode } from "@/lib/api/signup";

export async function POST(req: Request) {
  if (isForeignOrigin(req)) return new Response("Cross-site form submission refused.", { status: 403 });
  const form = await readForm(req);
  const next = safeNextPath(form.get("next"));
  const keep = { name: form.get("name") ?? "", email: form.get("email") ?? "", company: form.get("company") ?? "" };
  const back = (error: SignupErrorCode) => seeOther(`/signup?${new URLSearchParams({ error, next, ...keep }).toString()}`);

  const parsed = signupSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return back(String(parsed.error.issues[0]?.path[0] ?? "email") as SignupErrorCode);

  const db = await getDb();
  try {
    const user = await createUser(db, parsed.data);
    const session = await createWebSession(db, user.id);
    return seeOther(next, { "Set-Cookie": sessionCookie(session.token, session.expiresAt) });
  } catch (err) {
    if (err instanceof EmailTakenError) return back("email_taken");
    throw err;
  }
}

import { getDb } from "@/lib/server/db/client";
import { verifyUserCredentials } from "@/lib/server/accounts/get-user";
import { isEmailConfirmed } from "@/lib/server/accounts/confirm-email";
import { createWebSession, sessionCookie } from "@/lib/server/auth/web-session";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";
import { clientAddress } from "@/lib/server/auth/client-address";
import { claimAttempt, clearThrottle, throttleKeys } from "@/lib/server/auth/throttle-sign-in";
import { busyPage, throttledPage } from "@/lib/server/auth/throttled-response";
import { HashingBusyError } from "@/lib/server/crypto";
import { isForeignOrigin, readForm, seeOther } from "@/lib/server/http/form";

/** The sign-in form, also the OAuth login (/oauth/authorize sends here with `next`). */
export async function POST(req: Request) {
  if (isForeignOrigin(req)) return new Response("Cross-site form submission refused.", { status: 403 });
  const form = await readForm(req);
  if (form instanceof Response) return form;
  const next = safeNextPath(form.get("next"));
  const email = (form.get("email") ?? "").trim();
  const password = form.get("password") ?? "";
  const back = (error: string) => seeOther(`/login?${new URLSearchParams({ error, email, next }).toString()}`);
  if (!email || !password) return back("missing");

  const db = await getDb();
  // Counted per account (whether or not it exists, so the answer reveals nothing) and per client address.
  const keys = [throttleKeys.signInAccount(email), throttleKeys.signInAddress(clientAddress(req))];
  const retry = { href: `/login?${new URLSearchParams({ email, next })}`, label: "Back to sign-in" };
  const blocked = await claimAttempt(db, keys);
  if (blocked) return throttledPage(blocked, retry);
  let user;
  try {
    user = await verifyUserCredentials(db, email, password);
  } catch (err) {
    if (err instanceof HashingBusyError) return busyPage(retry);
    throw err;
  }
  if (!user) return back("invalid");
  await clearThrottle(db, keys);
  // The right password, but the address is not proven yet: no session (the page offers a new link).
  if (!isEmailConfirmed(user)) return back("unconfirmed");
  const session = await createWebSession(db, user.id);
  return seeOther(next, { "Set-Cookie": sessionCookie(session.token, session.expiresAt) });
}

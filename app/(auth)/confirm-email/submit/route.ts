import { getDb } from "@/lib/server/db/client";
import { confirmEmail, getPendingConfirmation } from "@/lib/server/accounts/confirm-email";
import { createWebSession, sessionCookie } from "@/lib/server/auth/web-session";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";
import { clientAddress } from "@/lib/server/auth/client-address";
import { claimAttempt, clearThrottle, throttleKeys } from "@/lib/server/auth/throttle-sign-in";
import { busyPage, throttledPage } from "@/lib/server/auth/throttled-response";
import { HashingBusyError } from "@/lib/server/crypto";
import { isForeignOrigin, readForm, seeOther } from "@/lib/server/http/form";

/** Confirms the address with the mailed link and the sign-up password, then signs the user in. */
export async function POST(req: Request) {
  if (isForeignOrigin(req)) return new Response("Cross-site form submission refused.", { status: 403 });
  const form = await readForm(req);
  if (form instanceof Response) return form;
  const token = form.get("token") ?? "";
  const password = form.get("password") ?? "";
  const next = safeNextPath(form.get("next"));
  const back = (extra: Record<string, string> = {}) => seeOther(`/confirm-email?${new URLSearchParams({ token, next, ...extra })}`);

  const db = await getDb();
  const pending = await getPendingConfirmation(db, token);
  // The page explains a used, expired or replaced link.
  if (!pending) return back();
  if (!password) return back({ error: "password" });
  // A password check like sign-in's, so throttled like it.
  const keys = [throttleKeys.signInAccount(pending.user.email), throttleKeys.signInAddress(clientAddress(req))];
  const blocked = await claimAttempt(db, keys);
  if (blocked) return throttledPage(blocked, { href: `/confirm-email?${new URLSearchParams({ token, next })}`, label: "Back" });
  let outcome;
  try {
    outcome = await confirmEmail(db, token, password);
  } catch (err) {
    if (err instanceof HashingBusyError) return busyPage({ href: `/confirm-email?${new URLSearchParams({ token, next })}`, label: "Back" });
    throw err;
  }
  if (outcome.status === "invalid_link") return back();
  if (outcome.status === "wrong_password") return back({ error: "password" });
  await clearThrottle(db, keys);
  const session = await createWebSession(db, outcome.user.id);
  return seeOther(next, { "Set-Cookie": sessionCookie(session.token, session.expiresAt) });
}

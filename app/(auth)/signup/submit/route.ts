import { getDb } from "@/lib/server/db/client";
import { signUp } from "@/lib/server/accounts/sign-up";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";
import { clientAddress } from "@/lib/server/auth/client-address";
import { claimAttempt, throttleKeys } from "@/lib/server/auth/throttle-sign-in";
import { busyPage, throttledPage } from "@/lib/server/auth/throttled-response";
import { HashingBusyError } from "@/lib/server/crypto";
import { enqueue } from "@/lib/server/jobs/boss";
import { isForeignOrigin, readForm, seeOther } from "@/lib/server/http/form";
import { signupErrors, signupSchema, type SignupErrorCode } from "@/lib/api/signup";

/**
 * Sign-up answers the same "check your e-mail" page whether or not the
 * address has an account (lib/server/accounts/sign-up.ts); nobody is signed
 * in until the address is confirmed.
 */
export async function POST(req: Request) {
  if (isForeignOrigin(req)) return new Response("Cross-site form submission refused.", { status: 403 });
  const form = await readForm(req);
  if (form instanceof Response) return form;
  const next = safeNextPath(form.get("next"));
  const keep = { name: form.get("name") ?? "", email: form.get("email") ?? "", company: form.get("company") ?? "" };
  // Every invalid field at once (codes, comma-separated), with what was typed except the password.
  const back = (errors: SignupErrorCode[]) => seeOther(`/signup?${new URLSearchParams({ error: errors.join(","), next, ...keep }).toString()}`);

  const parsed = signupSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const codes = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))].filter((c): c is SignupErrorCode => c in signupErrors);
    return back(codes.length ? codes : ["email"]);
  }

  const db = await getDb();
  // Every sign-up writes mail: counted per address (no mail-bombing one inbox) and per client.
  const keys = [throttleKeys.signUpAccount(parsed.data.email), throttleKeys.signUpAddress(clientAddress(req))];
  const blocked = await claimAttempt(db, keys);
  const retry = { href: `/signup?${new URLSearchParams({ next })}`, label: "Back to sign-up" };
  if (blocked) return throttledPage(blocked, retry);
  let emailIds: string[];
  try {
    emailIds = await signUp(db, parsed.data, next);
  } catch (err) {
    if (err instanceof HashingBusyError) return busyPage(retry);
    throw err;
  }
  for (const emailId of emailIds) await enqueue("send-email", { emailId });
  return seeOther(`/signup/sent?${new URLSearchParams({ email: parsed.data.email.trim().toLowerCase(), next })}`);
}

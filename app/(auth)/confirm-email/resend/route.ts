import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { issueEmailConfirmation } from "@/lib/server/accounts/confirm-email";
import { normaliseEmail } from "@/lib/server/accounts/create-user";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";
import { clientAddress } from "@/lib/server/auth/client-address";
import { claimAttempt, throttleKeys } from "@/lib/server/auth/throttle-sign-in";
import { throttledPage } from "@/lib/server/auth/throttled-response";
import { enqueue } from "@/lib/server/jobs/boss";
import { isForeignOrigin, readForm, seeOther } from "@/lib/server/http/form";

/**
 * A new confirmation link for an unconfirmed account (earlier links stop
 * working). Answered with sign-up's page whatever the address, so it tells
 * nobody which addresses have accounts; throttled like sign-up, which it is
 * the second half of.
 */
export async function POST(req: Request) {
  if (isForeignOrigin(req)) return new Response("Cross-site form submission refused.", { status: 403 });
  const form = await readForm(req);
  if (form instanceof Response) return form;
  const next = safeNextPath(form.get("next"));
  const email = normaliseEmail(form.get("email") ?? "");
  const answer = seeOther(`/signup/sent?${new URLSearchParams({ email, next })}`);
  if (!email || email.length > 320) return answer;

  const db = await getDb();
  const blocked = await claimAttempt(db, [throttleKeys.signUpAccount(email), throttleKeys.signUpAddress(clientAddress(req))]);
  if (blocked) return throttledPage(blocked, { href: `/login?${new URLSearchParams({ next })}`, label: "Back to sign-in" });
  const mail = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for("update");
    if (!user || user.emailConfirmedAt) return null;
    return issueEmailConfirmation(tx, user, next);
  });
  if (mail?.needsDelivery) await enqueue("send-email", { emailId: mail.id });
  return answer;
}

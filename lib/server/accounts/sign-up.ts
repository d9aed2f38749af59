import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { hashPassword } from "@/lib/server/crypto";
import { queueEmail } from "@/lib/server/mail/queue-email";
import { signupAttemptMessage } from "@/lib/server/mail/compose";
import { env } from "@/lib/env";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";
import { createUserWithHash, normaliseEmail } from "./create-user";
import { issueEmailConfirmation } from "./confirm-email";

export type SignUpInput = { email: string; password: string; name: string; company: string };

/**
 * Sign-up never tells the person at the form whether the address already has
 * an account: every case hashes the password (the slow part), writes mail,
 * and the caller answers the same "check your e-mail" page.
 *
 * - a new address: an unconfirmed user, and a confirmation link to the address;
 * - an address whose sign-up is still unconfirmed: the newest sign-up
 *   replaces the pending one (name, company, password) and gets a fresh link;
 *   earlier links stop working. Confirming asks for the password, so whoever
 *   signed up last and reads the mailbox must be the same person;
 * - a confirmed account: nothing changes; its owner is told by mail that
 *   someone tried.
 *
 * Answers the outbox ids whose delivery the caller queues after this returns.
 */
export async function signUp(db: Db, input: SignUpInput, next: string): Promise<string[]> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await signUpWithHash(db, input, passwordHash, next);
  } catch (err) {
    // Two sign-ups of one new address at once: the loser finds the winner's user on a second go.
    if (isUniqueViolation(err)) return signUpWithHash(db, input, passwordHash, next);
    throw err;
  }
}

async function signUpWithHash(db: Db, input: SignUpInput, passwordHash: string, next: string) {
  const email = normaliseEmail(input.email);
  let replaced: string | undefined;
  const ids = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).limit(1).for("update");
    let mail: { id: string; needsDelivery: boolean };
    if (!existing) {
      const user = await createUserWithHash(tx, { ...input, email, emailConfirmed: false }, passwordHash);
      mail = await issueEmailConfirmation(tx, user, next);
    } else if (!existing.emailConfirmedAt) {
      const [user] = await tx
        .update(users)
        .set({ name: input.name, company: input.company, passwordHash, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning();
      replaced = existing.id;
      mail = await issueEmailConfirmation(tx, user!, next);
    } else {
      mail = await queueEmail(tx, {
        accountId: existing.accountId,
        // Shown in the owner's outbox: it is about their account.
        causedByUserId: existing.id,
        kind: "signup_attempt",
        to: existing.email,
        ...signupAttemptMessage({ name: existing.name, signInUrl: new URL("/signin", env().APP_URL).toString() }),
      });
    }
    return mail.needsDelivery ? [mail.id] : [];
  });
  // A pending sign-up's name, company and password were replaced: no cached token owner may keep the old row.
  if (replaced) await invalidateAuthCache(db, { userId: replaced });
  return ids;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

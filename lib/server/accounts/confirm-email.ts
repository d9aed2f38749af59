import "server-only";
import { and, eq, gt, isNull, TransactionRollbackError } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { emailConfirmations, users } from "@/lib/server/db/schema";
import { newId, randomToken, sha256, verifyPassword } from "@/lib/server/crypto";
import { queueEmail } from "@/lib/server/mail/queue-email";
import { confirmEmailMessage } from "@/lib/server/mail/compose";
import { safeNextPath } from "@/lib/server/auth/safe-next-path";
import { env } from "@/lib/env";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";

/** How long a confirmation link works (EMAIL_CONFIRMATION_HOURS, default 24). */
export const confirmationTtlHours = () => env().EMAIL_CONFIRMATION_HOURS;

type User = typeof users.$inferSelect;

export const isEmailConfirmed = (user: Pick<User, "emailConfirmedAt">) => user.emailConfirmedAt !== null;

/**
 * Writes a new single-use confirmation link for the user and queues the mail
 * that carries it. Links sent before stop working: only the newest one
 * confirms. Only the token's hash is stored. Answers the outbox id (the
 * caller enqueues its delivery after the transaction commits).
 */
export async function issueEmailConfirmation(db: Db, user: Pick<User, "id" | "accountId" | "name" | "email">, next = "/") {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + confirmationTtlHours() * 3600_000);
  await db.delete(emailConfirmations).where(and(eq(emailConfirmations.userId, user.id), isNull(emailConfirmations.usedAt)));
  await db.insert(emailConfirmations).values({ id: newId(), userId: user.id, tokenHash: sha256(token), expiresAt });
  const url = new URL("/confirm-email", env().APP_URL);
  url.searchParams.set("token", token);
  const safeNext = safeNextPath(next);
  if (safeNext !== "/") url.searchParams.set("next", safeNext);
  const mail = await queueEmail(db, {
    accountId: user.accountId,
    // The new user's own mail: the outbox shows it to them and to nobody else.
    causedByUserId: user.id,
    kind: "email_confirmation",
    to: user.email,
    ...confirmEmailMessage({ name: user.name, confirmUrl: url.toString(), expiresAt }),
  });
  // Without SMTP the link is only in the outbox, which an unconfirmed user cannot open (the
  // dashboard needs a confirmed sign-in): in development the log shows it instead.
  if (!env().SMTP_URL && env().NODE_ENV === "development") {
    console.log(`[mail] confirmation link for ${user.email} (no SMTP_URL set): ${url}`);
  }
  return mail;
}

/** The user a link would confirm, while it is unused and unexpired; null otherwise. */
export async function getPendingConfirmation(db: Db, token: string | null | undefined) {
  if (!token) return null;
  const [row] = await db
    .select({ confirmation: emailConfirmations, user: users })
    .from(emailConfirmations)
    .innerJoin(users, eq(users.id, emailConfirmations.userId))
    .where(
      and(
        eq(emailConfirmations.tokenHash, sha256(token)),
        isNull(emailConfirmations.usedAt),
        gt(emailConfirmations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type ConfirmOutcome = { status: "confirmed"; user: User } | { status: "invalid_link" } | { status: "wrong_password"; user: User };

/**
 * Confirms the address behind a link. The link alone proves the mailbox; the
 * password proves that the person at the mailbox is the one who chose the
 * account's password. Without the second, someone who signed up with another
 * person's address (or signed up again over their pending sign-up) would get
 * an account confirmed by that person's click but opened with their own
 * password. The link is used up only by a successful confirmation.
 */
export async function confirmEmail(db: Db, token: string, password: string): Promise<ConfirmOutcome> {
  const pending = await getPendingConfirmation(db, token);
  if (!pending) return { status: "invalid_link" };
  if (!(await verifyPassword(password, pending.user.passwordHash))) return { status: "wrong_password", user: pending.user };
  const outcome = await db.transaction(async (tx) => {
    // Used once: of two concurrent confirmations only one claims the link.
    const [claimed] = await tx
      .update(emailConfirmations)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailConfirmations.id, pending.confirmation.id),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, new Date()),
        ),
      )
      .returning({ id: emailConfirmations.id });
    if (!claimed) return { status: "invalid_link" } as const;
    // Only with the password that was checked (a sign-up again in between replaces it and the link).
    const [user] = await tx
      .update(users)
      .set({ emailConfirmedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, pending.user.id), eq(users.passwordHash, pending.user.passwordHash)))
      .returning();
    if (!user) tx.rollback();
    return { status: "confirmed", user: user! } as const;
  }).catch((err) => {
    // Rolled back above: the password changed while the link was being used.
    if (err instanceof TransactionRollbackError) return { status: "invalid_link" } as const;
    throw err;
  });
  // Access to documents shared by address follows emailConfirmedAt, which cached token owners carry.
  if (outcome.status === "confirmed") await invalidateAuthCache(db, { userId: outcome.user.id });
  return outcome;
}

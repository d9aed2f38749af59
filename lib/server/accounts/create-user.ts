import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { accounts, users } from "@/lib/server/db/schema";
import { hashPassword, newId } from "@/lib/server/crypto";
import { newCallbackSecret } from "@/lib/server/ext/account-settings";

export type CreateUserInput = {
  email: string;
  password: string;
  name: string;
  company?: string;
  timezone?: string | null;
  /** Join this existing account instead of creating one. */
  accountId?: string;
  /** Name of the new account (default: company or name). */
  accountName?: string;
  plan?: { kba?: boolean; documentLimit?: number | null; enabled?: boolean };
  /**
   * Whether the address is known to be the user's: true for users an admin
   * makes (CLI, demo seed), false for sign-up, which must confirm it by mail
   * before anything is granted by e-mail address.
   */
  emailConfirmed: boolean;
};

export class EmailTakenError extends Error {
  constructor(email: string) {
    super(`A user with the e-mail ${email} already exists.`);
  }
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Creates a user, and a new account for them unless one is given. */
export async function createUser(db: Db, input: CreateUserInput) {
  const email = normaliseEmail(input.email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) throw new EmailTakenError(email);
  return createUserWithHash(db, input, await hashPassword(input.password));
}

/** createUser with the password already hashed (sign-up hashes before it knows whether the address is taken). */
export async function createUserWithHash(db: Db, input: Omit<CreateUserInput, "password">, passwordHash: string) {
  const email = normaliseEmail(input.email);

  return db.transaction(async (tx) => {
    let accountId = input.accountId;
    if (!accountId) {
      accountId = newId();
      await tx.insert(accounts).values({
        id: accountId,
        name: input.accountName ?? (input.company || input.name),
        planKba: input.plan?.kba ?? false,
        planDocumentLimit: input.plan?.documentLimit ?? null,
        planEnabled: input.plan?.enabled ?? true,
        callbackSecret: newCallbackSecret(),
      });
    }
    const [user] = await tx
      .insert(users)
      .values({
        id: newId(),
        accountId,
        name: input.name,
        email,
        company: input.company ?? "",
        timezone: input.timezone ?? null,
        passwordHash,
        emailConfirmedAt: input.emailConfirmed ? new Date() : null,
      })
      .returning();
    return user!;
  });
}

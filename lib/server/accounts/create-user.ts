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
  const passwordHash = await hashPassword(input.password);

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
      })
      .returning();
    return user!;
  });
}

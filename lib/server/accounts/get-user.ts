import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { accounts, users } from "@/lib/server/db/schema";
import { verifyPassword } from "@/lib/server/crypto";
import { normaliseEmail } from "./create-user";

export async function getUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, normaliseEmail(email))).limit(1);
  return user ?? null;
}

export async function getUserWithAccount(db: Db, userId: string) {
  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The user when the password matches; the same answer for unknown e-mail and wrong password. */
export async function verifyUserCredentials(db: Db, email: string, password: string) {
  const user = await getUserByEmail(db, email);
  if (!user) {
    // Spend the same time as a real check so response time does not reveal accounts.
    await verifyPassword(password, DUMMY_HASH);
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

const DUMMY_HASH = "scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

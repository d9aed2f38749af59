import "server-only";
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { ChangePasswordBody } from "@/lib/api/profile";
import type { Db } from "@/lib/server/db/client";
import { oauthClients, oauthTokens, users, webSessions } from "@/lib/server/db/schema";
import { hashPassword, verifyPassword } from "@/lib/server/crypto";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";

/**
 * Replaces the user's password after checking the current one (scrypt on the
 * hashing thread, off the event loop; HashingBusyError when its queue is full).
 *
 * A new password is what someone does after a suspected leak, so every other
 * sign-in ends: the dashboard's other sessions (their token families of the
 * first-party client are revoked; the session that made the change keeps its
 * own) and every sign-in of the service's own pages. Tokens the user granted
 * third-party applications and private API tokens stay: they are revoked one
 * by one in Settings (docs/api-decisions.md, "Profile").
 */
export async function changePassword(db: Db, user: typeof users.$inferSelect, currentTokenId: string, body: ChangePasswordBody) {
  if (!(await verifyPassword(body.current_password, user.passwordHash))) {
    throw ApiError.badInput("current_password", "That is not your current password.");
  }
  const hash = await hashPassword(body.new_password);
  const changed = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(users.id, user.id));
    const [current] = await tx.select({ familyId: oauthTokens.familyId }).from(oauthTokens).where(eq(oauthTokens.id, currentTokenId)).limit(1);
    const dashboardClients = tx.select({ id: oauthClients.id }).from(oauthClients).where(eq(oauthClients.firstParty, true));
    const revoked = await tx
      .update(oauthTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(oauthTokens.userId, user.id),
          isNull(oauthTokens.revokedAt),
          inArray(oauthTokens.clientId, dashboardClients),
          current ? ne(oauthTokens.familyId, current.familyId) : undefined,
        ),
      )
      .returning({ familyId: oauthTokens.familyId });
    await tx.delete(webSessions).where(eq(webSessions.userId, user.id));
    return { password_changed: true as const, other_sessions_ended: new Set(revoked.map((r) => r.familyId)).size };
  });
  // After the commit (a lookup in between must not cache the old row again): the revoked sessions and the
  // old password hash leave every instance's cache; the user's other tokens are looked up afresh.
  await invalidateAuthCache(db, { userId: user.id });
  return changed;
}

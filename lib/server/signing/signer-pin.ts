import "server-only";
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from "@/lib/api/signing";
import type { Db } from "@/lib/server/db/client";
import { recipients } from "@/lib/server/db/schema";
import { HashingBusyError, hmac, safeEqual, verifyPassword } from "@/lib/server/crypto";
import { deriveSecret } from "@/lib/server/secrets";
import { env } from "@/lib/env";
import { recordAudit } from "@/lib/server/documents/record-audit";
import type { SignerContext } from "./signer-context";
import { SigningError } from "./signing-error";

export const pinCookieName = (recipientId: string) => `pin_${recipientId}`;

/** Bound to the PIN's hash: changing the PIN (update_pin) signs everyone out. */
const pinProof = (ctx: SignerContext) => hmac(deriveSecret("signer-pin"), `${ctx.signer.id}:${ctx.doc.pinHash}`);

export function hasPassedPin(ctx: SignerContext, cookieValue: string | undefined | null) {
  if (!ctx.doc.pinHash) return true;
  return !!cookieValue && safeEqual(pinProof(ctx), cookieValue);
}

/**
 * The cookie must reach the page inside another site's iframe (embedded
 * signing), which needs SameSite=None, which needs Secure; browsers accept
 * Secure on https and on localhost.
 */
export function pinCookie(ctx: SignerContext) {
  const url = new URL(env().APP_URL);
  const secureContext = url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  const site = secureContext ? "SameSite=None; Secure" : "SameSite=Lax";
  return `${pinCookieName(ctx.signer.id)}=${pinProof(ctx)}; Path=/sign/${ctx.signer.id}; HttpOnly; ${site}; Max-Age=${12 * 3600}`;
}

export const lockedUntil = (ctx: SignerContext, now = new Date()) =>
  ctx.signer.pinLockedUntil && ctx.signer.pinLockedUntil.getTime() > now.getTime() ? ctx.signer.pinLockedUntil : null;

/**
 * Five wrong PINs in a row lock this signer's link for 15 minutes.
 *
 * Each guess first claims one of the five tries with a single conditional
 * UPDATE (…WHERE pin_failures < 5 AND not locked… RETURNING), and only a
 * claimed guess is checked: however many guesses arrive at once, on however
 * many instances, at most five are ever compared with the PIN. The fifth
 * claim sets the lock in the same statement; a right PIN clears both.
 */
export async function verifySignerPin(db: Db, ctx: SignerContext, pin: string, origin: { ipAddress: string | null; userAgent: string | null }) {
  if (!ctx.doc.pinHash) return;
  const lockedAfterClaim = sql`now() + ${sql.raw(`interval '${PIN_LOCK_MINUTES} minutes'`)}`;
  // A lock that has run out starts a fresh round of five.
  const expiredLock = sql`(${recipients.pinLockedUntil} is not null and ${recipients.pinLockedUntil} <= now())`;
  const failuresAfterClaim = sql`(case when ${expiredLock} then 1 else ${recipients.pinFailures} + 1 end)`;
  const [claim] = await db
    .update(recipients)
    .set({
      pinFailures: failuresAfterClaim,
      pinLockedUntil: sql`case when ${failuresAfterClaim} >= ${PIN_MAX_FAILURES} then ${lockedAfterClaim} else null end`,
    })
    .where(
      and(
        eq(recipients.id, ctx.signer.id),
        or(isNull(recipients.pinLockedUntil), lte(recipients.pinLockedUntil, sql`now()`)),
        or(lt(recipients.pinFailures, PIN_MAX_FAILURES), expiredLock),
      ),
    )
    .returning({ failures: recipients.pinFailures, lockedUntil: recipients.pinLockedUntil });
  if (!claim) throw await lockedError(db, ctx);

  let right: boolean;
  try {
    right = await verifyPassword(pin, ctx.doc.pinHash);
  } catch (err) {
    // Not checked (the server is busy hashing): the try is given back.
    await db
      .update(recipients)
      .set({ pinFailures: sql`greatest(${recipients.pinFailures} - 1, 0)`, pinLockedUntil: null })
      .where(and(eq(recipients.id, ctx.signer.id), eq(recipients.pinFailures, claim.failures)));
    if (err instanceof HashingBusyError) throw new SigningError(503, "The server is busy. Try again in a moment.");
    throw err;
  }
  if (right) {
    await db.update(recipients).set({ pinFailures: 0, pinLockedUntil: null }).where(eq(recipients.id, ctx.signer.id));
    return;
  }
  if (claim.failures >= PIN_MAX_FAILURES) {
    await recordAudit(db, {
      documentId: ctx.doc.id,
      accountId: ctx.doc.accountId,
      recipientId: ctx.signer.id,
      keyword: "pin_locked",
      payload: `${ctx.signer.name}'s link was locked for ${PIN_LOCK_MINUTES} minutes after ${PIN_MAX_FAILURES} wrong PINs.`,
      ...origin,
    });
    throw new SigningError(423, `Too many wrong PINs. Try again after ${(claim.lockedUntil ?? new Date()).toUTCString()}.`);
  }
  const left = PIN_MAX_FAILURES - claim.failures;
  throw new SigningError(422, `The PIN is not correct. ${left} ${left === 1 ? "try" : "tries"} left.`);
}

/** The 423 for a guess that could not claim a try (the link is locked, or its five tries are being checked). */
async function lockedError(db: Db, ctx: SignerContext) {
  const [row] = await db
    .select({ lockedUntil: recipients.pinLockedUntil })
    .from(recipients)
    .where(eq(recipients.id, ctx.signer.id));
  const until = row?.lockedUntil ?? new Date(Date.now() + PIN_LOCK_MINUTES * 60_000);
  return new SigningError(423, `Too many wrong PINs. Try again after ${until.toUTCString()}.`);
}

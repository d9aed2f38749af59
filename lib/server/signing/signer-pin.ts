import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from "@/lib/api/signing";
import type { Db } from "@/lib/server/db/client";
import { recipients } from "@/lib/server/db/schema";
import { hmac, safeEqual, verifyPassword } from "@/lib/server/crypto";
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

/** Five wrong PINs in a row lock this signer's link for 15 minutes. */
export async function verifySignerPin(db: Db, ctx: SignerContext, pin: string, origin: { ipAddress: string | null; userAgent: string | null }) {
  if (!ctx.doc.pinHash) return;
  const locked = lockedUntil(ctx);
  if (locked) throw new SigningError(423, `Too many wrong PINs. Try again after ${locked.toUTCString()}.`);
  if (await verifyPassword(pin, ctx.doc.pinHash)) {
    await db.update(recipients).set({ pinFailures: 0, pinLockedUntil: null }).where(eq(recipients.id, ctx.signer.id));
    return;
  }
  const [row] = await db
    .update(recipients)
    .set({ pinFailures: sql`${recipients.pinFailures} + 1` })
    .where(and(eq(recipients.id, ctx.signer.id)))
    .returning({ failures: recipients.pinFailures });
  const failures = row?.failures ?? PIN_MAX_FAILURES;
  if (failures >= PIN_MAX_FAILURES) {
    const until = new Date(Date.now() + PIN_LOCK_MINUTES * 60_000);
    await db.update(recipients).set({ pinFailures: 0, pinLockedUntil: until }).where(eq(recipients.id, ctx.signer.id));
    await recordAudit(db, {
      documentId: ctx.doc.id,
      accountId: ctx.doc.accountId,
      recipientId: ctx.signer.id,
      keyword: "pin_locked",
      payload: `${ctx.signer.name}'s link was locked for ${PIN_LOCK_MINUTES} minutes after ${PIN_MAX_FAILURES} wrong PINs.`,
      ...origin,
    });
    throw new SigningError(423, `Too many wrong PINs. Try again after ${until.toUTCString()}.`);
  }
  const left = PIN_MAX_FAILURES - failures;
  throw new SigningError(422, `The PIN is not correct. ${left} ${left === 1 ? "try" : "tries"} left.`);
}

import "server-only";
import { and, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/server/db/client";
import { authThrottles } from "@/lib/server/db/schema";
import { sha256 } from "@/lib/server/crypto";

/**
 * Growing delays for sign-in, sign-up and the token endpoint, per key (an
 * account's e-mail, a client id, a client address), kept in auth_throttles so
 * every instance sees the same counts.
 *
 * A key may fail `free` times; each further failure blocks it for
 * base × 2^(n − free − 1) seconds (2 s, 4 s, 8 s … up to 15 minutes), and a
 * blocked key is answered 429 without checking anything. A key left alone for
 * `windowSeconds` starts again from zero; a success clears it.
 */
export type ThrottleRule = { free: number; baseSeconds: number; maxSeconds: number; windowSeconds: number };
export type ThrottleKey = { key: string; rule: ThrottleRule };

const rule = (free: number): ThrottleRule => ({ free, baseSeconds: 2, maxSeconds: 15 * 60, windowSeconds: 3600 });

/**
 * Accounts are guessed one at a time, so few tries; an address may be an
 * office behind one NAT, so more; a sign-up address (e-mail) gets mail on
 * every try, so fewest. A client id's secret is 256 random bits: its limit is
 * against noise, not guessing.
 */
export const throttleKeys = {
  signInAccount: (email: string) => key("signin:account", email.trim().toLowerCase(), rule(5)),
  signInAddress: (address: string) => key("signin:address", address, rule(20)),
  signUpAccount: (email: string) => key("signup:account", email.trim().toLowerCase(), rule(3)),
  signUpAddress: (address: string) => key("signup:address", address, rule(10)),
  tokenClient: (clientId: string) => key("token:client", clientId, rule(10)),
  tokenAddress: (address: string) => key("token:address", address, rule(30)),
};

/** Long or odd identifiers (anyone can send any client_id) are stored as their hash. */
function key(scope: string, value: string, r: ThrottleRule): ThrottleKey {
  const safe = value.length <= 200 && /^[\x21-\x7e]*$/.test(value) ? value : `sha256:${sha256(value)}`;
  return { key: `${scope}:${safe}`, rule: r };
}

/** The latest moment any of the keys is blocked until, or null when none is blocked. */
export async function blockedUntil(db: Db, keys: ThrottleKey[]): Promise<Date | null> {
  if (keys.length === 0) return null;
  const rows = await db
    .select({ until: authThrottles.blockedUntil })
    .from(authThrottles)
    .where(and(inArray(authThrottles.key, keys.map((k) => k.key)), gt(authThrottles.blockedUntil, sql`now()`)));
  return latest(rows.map((r) => r.until));
}

/**
 * Counts an attempt against every key before it is checked (a right answer
 * then clears them), so that a burst of parallel guesses cannot all slip in
 * before the first failure is written: each claim is one atomic upsert that
 * only applies while the key is not blocked. Answers null when the attempt
 * may go ahead, or the time to retry at when a key is blocked.
 */
export async function claimAttempt(db: Db, keys: ThrottleKey[]): Promise<Date | null> {
  const already = await blockedUntil(db, keys);
  if (already) return already;
  for (const k of keys) {
    const [row] = await countFailure(db, k, { onlyWhenNotBlocked: true });
    // Blocked by a concurrent attempt between the read above and this claim.
    if (!row) return (await blockedUntil(db, keys)) ?? new Date(Date.now() + 1000);
  }
  return null;
}

/** Counts a failure that has already happened (the token endpoint checks first, then records). */
export async function recordFailure(db: Db, keys: ThrottleKey[]): Promise<void> {
  for (const k of keys) await countFailure(db, k, { onlyWhenNotBlocked: false });
}

/** A success: the keys start again from zero. */
export async function clearThrottle(db: Db, keys: ThrottleKey[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(authThrottles).where(inArray(authThrottles.key, keys.map((k) => k.key)));
}

function countFailure(db: Db, { key, rule: r }: ThrottleKey, opts: { onlyWhenNotBlocked: boolean }) {
  const t = authThrottles;
  // The rule's numbers are constants of this file, never request data.
  const n = (v: number) => sql.raw(String(Math.trunc(v)));
  const failures = sql`(case when ${t.updatedAt} < now() - ${n(r.windowSeconds)} * interval '1 second' then 1 else ${t.failures} + 1 end)`;
  const blockSeconds = sql`least(${n(r.maxSeconds)}, ${n(r.baseSeconds)} * power(2, ${failures} - ${n(r.free)} - 1))`;
  const blocked = sql`(case when ${failures} > ${n(r.free)} then now() + ${blockSeconds} * interval '1 second' else null end)`;
  return db
    .insert(t)
    .values({ key, failures: 1, blockedUntil: r.free < 1 ? sql`now() + ${n(r.baseSeconds)} * interval '1 second'` : null })
    .onConflictDoUpdate({
      target: t.key,
      set: { failures, blockedUntil: blocked, updatedAt: sql`now()` },
      ...(opts.onlyWhenNotBlocked ? { setWhere: sql`${t.blockedUntil} is null or ${t.blockedUntil} <= now()` } : {}),
    })
    .returning({ failures: t.failures, blockedUntil: t.blockedUntil });
}

function latest(dates: (Date | null)[]): Date | null {
  let out: Date | null = null;
  for (const d of dates) if (d && (!out || d > out)) out = d;
  return out;
}

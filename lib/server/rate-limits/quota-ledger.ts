import "server-only";
import type { Db } from "@/lib/server/db/client";
import { leaseQuota } from "./lease-quota";
import type { RateRule } from "./rules";

/**
 * This process's share of the rate-limit windows (issue 14 point 1): rather
 * than one write per request, an instance takes a block of a window's quota
 * from the shared counter in one statement (lease-quota.ts) and spends it
 * here, one request at a time. Blocks are small next to the limit (1/50th, at
 * most 100; 1 for limits under 100, so small limits are counted request by
 * request as before), so a client spread over several instances is refused
 * at most a few blocks early, never late. On one instance the numbers are
 * exactly those of counting each request in the database.
 */
type Lease = {
  windowStart: number;
  /** End of the window, Unix seconds on the database's clock. */
  reset: number;
  /** Local time (ms) until which the lease may be spent: the window's end, measured from before the statement. */
  deadline: number;
  /** Database clock minus local clock (seconds), for Retry-After. */
  clockOffset: number;
  /** The counter's value before this block. */
  before: number;
  size: number;
  /** How many of the block's numbers are within the limit. */
  granted: number;
  used: number;
};

export type Spent = {
  /** The request's number in the window (fleet-wide: at least this many were counted before it, at most … of them by others). */
  number: number;
  reset: number;
  retryAfter: number;
};

const MAX_LEASES = 20_000;
type State = { leases: Map<string, Lease>; inflight: Map<string, Promise<void>> };
const g = globalThis as unknown as { __rateLeases?: State };
const state = () => (g.__rateLeases ??= { leases: new Map(), inflight: new Map() });

const key = (subject: string, rule: RateRule) => `${subject}\n${rule.bucket}`;

export const blockSize = (rule: RateRule) => Math.max(1, Math.min(100, Math.floor(rule.limit / 50)));

/**
 * Whether a request can be counted here without the database: the lease is
 * of the current window and has a number left, or the window's limit is
 * already reached (every further number is over it, so none is needed).
 */
export function canSpend(subject: string, rule: RateRule, now = Date.now()): boolean {
  const lease = state().leases.get(key(subject, rule));
  if (!lease || now >= lease.deadline) return false;
  return lease.used < lease.granted || lease.granted < lease.size;
}

/** Counts one request (canSpend must have said yes, with no await since). */
export function spend(subject: string, rule: RateRule, now = Date.now()): Spent {
  const lease = state().leases.get(key(subject, rule))!;
  const number = lease.before + lease.used + 1;
  if (lease.used < lease.granted) lease.used++;
  const dbNow = now / 1000 + lease.clockOffset;
  return { number, reset: lease.reset, retryAfter: Math.max(1, Math.ceil(lease.reset - dbNow)) };
}

/** Takes fresh blocks for these rules; concurrent callers for the same rules share one statement. */
export function refill(db: Db, subject: string, rules: RateRule[]): Promise<void> {
  const s = state();
  const id = `${subject}\n${rules.map((r) => r.bucket).join(",")}`;
  let pending = s.inflight.get(id);
  if (!pending) {
    pending = lease(db, subject, rules).finally(() => s.inflight.delete(id));
    s.inflight.set(id, pending);
  }
  return pending;
}

async function lease(db: Db, subject: string, rules: RateRule[]) {
  const blocks = rules.map((rule) => ({ rule, size: blockSize(rule) }));
  const sentAt = Date.now();
  const rows = await leaseQuota(db, subject, blocks);
  const { leases } = state();
  for (const { rule, size } of blocks) {
    const row = rows.find((r) => r.bucket === rule.bucket);
    if (!row) continue;
    const before = row.count - size;
    const reset = row.windowStart + rule.windowSeconds;
    const k = key(subject, rule);
    leases.delete(k); // re-inserted last: the oldest leases are the ones dropped
    leases.set(k, {
      windowStart: row.windowStart,
      reset,
      deadline: sentAt + (reset - row.now) * 1000,
      clockOffset: row.now - sentAt / 1000,
      before,
      size,
      granted: Math.max(0, Math.min(size, rule.limit - before)),
      used: 0,
    });
  }
  // An unspent block dropped here is only refused early, never granted twice.
  while (leases.size > MAX_LEASES) leases.delete(leases.keys().next().value!);
}

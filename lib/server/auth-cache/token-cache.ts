import "server-only";
import type { TokenOwner } from "@/lib/server/oauth/get-access-token-owner";

/**
 * Live token owners this process resolved in the last few seconds, so that
 * a client's repeated calls cost no database round trip (issue 14 point 1).
 * Keyed by the token's SHA-256 (the raw token is never kept), bounded (least
 * recently used entries go first) and short-lived: an entry lives the TTL or
 * until its token expires, whichever comes first. Only positive answers are
 * kept, so a newly issued token is never refused from here. Revocations and
 * writes drop entries at once on every instance (invalidate.ts, listener.ts).
 */
export type CacheTarget = {
  tokenIds?: string[];
  userId?: string;
  accountId?: string;
  clientId?: string;
  all?: boolean;
};

type Entry = { owner: TokenOwner; until: number };
type State = { entries: Map<string, Entry>; generation: number };

/** Enough for every token active within the TTL on one instance of a large deployment; ~2 KB each. */
export const MAX_ENTRIES = 10_000;

// On globalThis: Next.js may evaluate this module once per route bundle; they must share one cache.
const g = globalThis as unknown as { __authTokenCache?: State };
const state = () => (g.__authTokenCache ??= { entries: new Map(), generation: 0 });

/** The cached owner of this token hash, if any and still fresh. */
export function cachedOwner(hash: string, now = Date.now()): TokenOwner | undefined {
  const { entries } = state();
  const entry = entries.get(hash);
  if (!entry) return undefined;
  entries.delete(hash);
  if (entry.until <= now) return undefined;
  entries.set(hash, entry); // most recently used last
  return entry.owner;
}

/**
 * Taken before a database lookup and handed back to rememberOwner: an
 * invalidation that arrives while the query runs bumps it, and the (possibly
 * pre-revocation) answer is then not kept.
 */
export function cacheGeneration(): number {
  return state().generation;
}

export function rememberOwner(hash: string, owner: TokenOwner, generation: number, until: number) {
  const s = state();
  if (generation !== s.generation || until <= Date.now()) return;
  s.entries.delete(hash);
  s.entries.set(hash, { owner, until });
  while (s.entries.size > MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value!);
}

/** Drops every entry the target names (a scan: invalidations are rare next to lookups). */
export function forgetOwners(target: CacheTarget) {
  const s = state();
  s.generation++;
  if (target.all) {
    s.entries.clear();
    return;
  }
  const ids = new Set(target.tokenIds ?? []);
  for (const [hash, { owner }] of s.entries) {
    if (
      ids.has(owner.tokenId) ||
      (target.userId !== undefined && owner.user?.id === target.userId) ||
      (target.accountId !== undefined && owner.account?.id === target.accountId) ||
      (target.clientId !== undefined && owner.clientId === target.clientId)
    ) {
      s.entries.delete(hash);
    }
  }
}

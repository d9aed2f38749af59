import "server-only";

type Entry<T> = { until: number; value: Promise<T> };

/**
 * A short-lived in-process cache of one answer per user, for what a page
 * shows beside its main content (the template filter's options, the time
 * zone): most page loads then make one API call instead of three. The
 * dashboard forgets a user's entry when it changes the thing itself; a
 * change made elsewhere (another client, a colleague) shows within `ttlMs`.
 * A failed load is not kept. Concurrent loads of one user share one call.
 */
export function perUserCache<T>(ttlMs: number, maxUsers = 10_000) {
  const entries = new Map<string, Entry<T>>();
  return {
    get(userId: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(userId);
      if (hit && hit.until > now) return hit.value;
      if (entries.size >= maxUsers) for (const [k, e] of entries) if (e.until <= now || entries.size >= maxUsers) entries.delete(k);
      const value = load();
      const entry = { until: now + ttlMs, value };
      entries.set(userId, entry);
      value.catch(() => {
        if (entries.get(userId) === entry) entries.delete(userId);
      });
      return value;
    },
    forget(userId: string) {
      entries.delete(userId);
    },
  };
}

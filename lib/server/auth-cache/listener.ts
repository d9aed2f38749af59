import "server-only";
import { env } from "@/lib/env";
import { forgetOwners, type CacheTarget } from "./token-cache";

/** The PostgreSQL channel revocations and account changes are announced on (invalidate.ts). */
export const CHANNEL = "auth_token_cache";

type ListenerState = { listening: boolean; started: boolean };
const g = globalThis as unknown as { __authCacheListener?: ListenerState };
const state = () => (g.__authCacheListener ??= { listening: false, started: false });

/**
 * Whether this process may serve token owners from its cache. With the
 * embedded database there is one process, and every change goes through the
 * in-process invalidation. On PostgreSQL other instances revoke tokens too:
 * the cache is used only while this process is LISTENing for their NOTIFYs
 * (a dedicated connection); until it is, and whenever the connection drops,
 * every lookup goes to the database and the cache starts empty again.
 */
export function cacheUsable(): boolean {
  const e = env();
  if (e.AUTH_CACHE_SECONDS <= 0) return false;
  if (e.embedded) return true;
  const s = state();
  if (!s.started) {
    s.started = true;
    void listen(e.DATABASE_URL!);
  }
  return s.listening;
}

async function listen(url: string) {
  const s = state();
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url });
  let down = false;
  const lost = () => {
    if (down) return;
    down = true;
    s.listening = false;
    forgetOwners({ all: true });
    client.end().catch(() => {});
    setTimeout(() => void listen(url), 1000).unref();
  };
  client.on("error", lost);
  client.on("end", lost);
  client.on("notification", (msg) => {
    if (msg.channel !== CHANNEL) return;
    try {
      forgetOwners(JSON.parse(msg.payload ?? "") as CacheTarget);
    } catch {
      forgetOwners({ all: true });
    }
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    // The connection must not keep a CLI process alive.
    (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
    // Anything cached before the LISTEN took effect may have missed a notification.
    forgetOwners({ all: true });
    if (!down) s.listening = true;
  } catch {
    lost();
  }
}

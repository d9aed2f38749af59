import "server-only";
import type { Db } from "@/lib/server/db/client";
import { clientAddress } from "@/lib/server/auth/client-address";
import { throttleKeys, recordFailure, type ThrottleKey } from "@/lib/server/auth/throttle-sign-in";
import { retryAfterSeconds } from "@/lib/server/auth/throttled-response";
import { readClientCredentials } from "./authenticate-client";
import { OAuthError } from "./oauth-error";

/**
 * The token endpoint's throttle keys: the caller's address and the client id
 * the request names. Client secrets and codes are random, so this is not
 * about guessing them but about not letting anyone hammer the endpoint.
 */
export type TokenThrottleKeys = { address: ThrottleKey; client: ThrottleKey | null };

export function tokenThrottleKeys(req: Request, form: URLSearchParams): TokenThrottleKeys {
  const clientId = readClientCredentials(req, form)?.clientId ?? form.get("client_id");
  return { address: throttleKeys.tokenAddress(clientAddress(req)), client: clientId ? throttleKeys.tokenClient(clientId) : null };
}

export const allTokenKeys = (keys: TokenThrottleKeys) => [keys.address, ...(keys.client ? [keys.client] : [])];

/**
 * Which failures count against which key. A failed grant (bad code or
 * refresh token) comes from a client that proved its secret: it counts
 * against that client and the address. A failed client authentication
 * counts against the address only: anyone can name a client id, so counting
 * it against the client would let anyone lock a real integration out.
 * Malformed requests are answered without counting.
 */
export async function countTokenFailure(db: Db, keys: TokenThrottleKeys, err: unknown) {
  if (!(err instanceof OAuthError)) return;
  if (err.error === "invalid_grant") await recordFailure(db, allTokenKeys(keys));
  else if (err.error === "invalid_client") await recordFailure(db, [keys.address]);
}

/**
 * 429 with Retry-After and an RFC 6749-shaped body. `slow_down` is the
 * registered OAuth error for "polling too fast" (RFC 8628 §3.5), the nearest
 * registered code to "too many failed requests".
 */
export function tokenThrottledResponse(until: Date) {
  const seconds = retryAfterSeconds(until);
  return Response.json(
    {
      error: "slow_down",
      error_description: `Too many failed token requests. Retry after ${seconds} seconds (${until.toISOString()}).`,
    },
    { status: 429, headers: { "Retry-After": String(seconds), "Cache-Control": "no-store", Pragma: "no-cache" } },
  );
}

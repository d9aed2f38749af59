import "server-only";
import type { AuthenticatedOwner } from "@/lib/server/http/authenticate";

/**
 * Whose counters a request goes to. A private token is counted on its own.
 * An OAuth token is counted per application and user: every token the
 * application holds for that user shares the count, so refreshing a token
 * (a new token every time) does not start a fresh window, while another
 * application of the same user, or another user of the application, is not
 * slowed down.
 */
export function rateSubject(owner: AuthenticatedOwner): string {
  return owner.kind === "private" ? `pat:${owner.tokenId}` : `app:${owner.clientId}:${owner.user.id}`;
}

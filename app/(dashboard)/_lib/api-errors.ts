import "server-only";
import { redirect } from "next/navigation";
import { apiErrors } from "@/lib/api/errors";
import { ApiClientError } from "@/lib/api-client/client";
import { humanApiMessage } from "@/components/sending/api-error-field";

// The API answers these when the token itself is no good (revoked, expired,
// its user gone). The dashboard can only see the message, so it compares with
// the catalog's entries; the page then starts a fresh sign-in.
const SESSION_ENDED: readonly string[] = [
  apiErrors.invalidToken.message,
  apiErrors.mustBeAuthenticated.message,
  apiErrors.resourceOwnerNotFound.message,
];

export function isSessionEnded(err: unknown): boolean {
  return err instanceof ApiClientError && err.status === 401 && SESSION_ENDED.includes(err.message);
}

/**
 * A page's API read: its data, or the API's refusal as a message to show in
 * place (in the dashboard's words: components/sending/api-error-field.ts). A dead session sends the visitor to sign in again; anything else
 * unexpected is rethrown for the route's error.tsx.
 */
export async function loadOrMessage<T>(returnTo: string, load: () => Promise<T>): Promise<{ data: T; error: null } | { data: null; error: string }> {
  try {
    return { data: await load(), error: null };
  } catch (err) {
    if (isSessionEnded(err)) redirect(`/signin?callbackUrl=${encodeURIComponent(returnTo)}`);
    if (err instanceof ApiClientError) return { data: null, error: humanApiMessage(err.message) };
    throw err;
  }
}

import "server-only";
import { ApiClientError, type ApiClient } from "@/lib/api-client/client";
import { getDashboardSession } from "@/lib/server/dashboard/current-session";
import type { ActionResult } from "@/components/dashboard/action-result";
import { apiErrorParam, humanApiMessage } from "@/components/sending/api-error-field";

export const SIGNED_OUT_MESSAGE = "Your session has ended. Sign in again to continue.";

/**
 * One API call for a server action, with the signed-in user's client. API
 * refusals come back as values carrying the spec's message (and `field`, the
 * control the caller shows it next to); anything unexpected is logged and
 * reported without details.
 */
export async function runAction<T>(fn: (api: ApiClient) => Promise<T>, field?: string): Promise<ActionResult<T>> {
  const session = await getDashboardSession();
  if (!session) return { ok: false, status: 401, error: SIGNED_OUT_MESSAGE };
  try {
    return { ok: true, data: await fn(session.api) };
  } catch (err) {
    // The person reads the dashboard's sentence (never the API's); `field` keeps the parameter the API named.
    if (err instanceof ApiClientError) return { ok: false, status: err.status, error: humanApiMessage(err.message), field: fieldOf(err.message) ?? field };
    console.error("[dashboard] action failed", err);
    return { ok: false, status: 500, error: "Something went wrong on our side. Please try again." };
  }
}

/**
 * The parameter a 422 names ("Bad input parameter. redirect_uri: must be …",
 * docs/api-decisions.md), so a form can put the message under that input.
 */
function fieldOf(message: string): string | undefined {
  return apiErrorParam(message) ?? undefined;
}

/** Server actions are public endpoints: an id from the browser is checked before it goes into a path. */
export function isId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(value);
}

export const badId = <T>(): ActionResult<T> => ({ ok: false, status: 422, error: "That item does not exist." });

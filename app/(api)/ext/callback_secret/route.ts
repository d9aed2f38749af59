import { apiRoute } from "@/lib/server/http/api-route";
import { getCallbackSecret, rotateCallbackSecret } from "@/lib/server/ext/account-settings";

export const GET = apiRoute({
  scope: "read",
  fixedVersion: "v2",
  handler: async ({ db, auth }) => ({ callback_secret: await getCallbackSecret(db, auth.user.accountId) }),
});

/** Rotates the account's signing key for callbacks. */
export const POST = apiRoute({
  scope: "write",
  fixedVersion: "v2",
  handler: async ({ db, auth }) => ({ callback_secret: await rotateCallbackSecret(db, auth.user.accountId) }),
});

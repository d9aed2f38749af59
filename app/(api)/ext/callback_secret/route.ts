import { extRoute } from "@/lib/server/http/ext-route";
import { getCallbackSecret, rotateCallbackSecret } from "@/lib/server/ext/account-settings";

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth }) => ({ callback_secret: await getCallbackSecret(db, auth.user.accountId) }),
});

/** Rotates the account's signing key for callbacks. */
export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth }) => ({ callback_secret: await rotateCallbackSecret(db, auth.user.accountId) }),
});

import { extRoute } from "@/lib/server/http/ext-route";
import { getCallbackSecret, rotateCallbackSecret } from "@/lib/server/ext/account-settings";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth }) => ({ callback_secret: await getCallbackSecret(db, auth.user.accountId) }),
});

/** Rotates the account's signing key for callbacks. */
export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth }) => ({ callback_secret: await rotateCallbackSecret(db, auth.user.accountId) }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET", "POST");
export { otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import { extRoute } from "@/lib/server/http/ext-route";
import { getAccountPlan } from "@/lib/server/ext/account-settings";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth }) => getAccountPlan(db, auth.user.accountId),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

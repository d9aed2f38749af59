import { extRoute } from "@/lib/server/http/ext-route";
import { getAccountPlan } from "@/lib/server/ext/account-settings";

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth }) => getAccountPlan(db, auth.user.accountId),
});

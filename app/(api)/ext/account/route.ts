import { apiRoute } from "@/lib/server/http/api-route";
import { getAccountPlan } from "@/lib/server/ext/account-settings";

export const GET = apiRoute({
  scope: "read",
  fixedVersion: "v2",
  handler: async ({ db, auth }) => getAccountPlan(db, auth.user.accountId),
});

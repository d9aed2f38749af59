import { apiRoute } from "@/lib/server/http/api-route";
import { serializeUser } from "@/lib/server/accounts/serialize-user";

export const GET = apiRoute({
  scope: "read",
  handler: async ({ auth }) => ({ user: serializeUser(auth.user, auth.account) }),
});

import { apiRoute } from "@/lib/server/http/api-route";
import { serializeUser } from "@/lib/server/accounts/serialize-user";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = apiRoute({
  scope: "read",
  handler: async ({ auth }) => ({ user: serializeUser(auth.user, auth.account) }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

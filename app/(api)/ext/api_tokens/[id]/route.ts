import { extRoute } from "@/lib/server/http/ext-route";
import { revokeApiToken } from "@/lib/server/api-tokens/revoke-api-token";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const DELETE = extRoute({
  scope: "write",
  handler: async ({ db, auth, params }) => {
    await revokeApiToken(db, auth.user.id, params.id!);
    return new Response(null, { status: 204 });
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("DELETE");
export { otherMethods as GET, otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as OPTIONS };

import { extRoute } from "@/lib/server/http/ext-route";
import { revokeApiToken } from "@/lib/server/api-tokens/revoke-api-token";

export const DELETE = extRoute({
  scope: "write",
  handler: async ({ db, auth, params }) => {
    await revokeApiToken(db, auth.user.id, params.id!);
    return new Response(null, { status: 204 });
  },
});

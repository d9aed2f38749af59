import { createApiTokenBody } from "@/lib/api/api-tokens";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createApiToken } from "@/lib/server/api-tokens/create-api-token";
import { listApiTokens } from "@/lib/server/api-tokens/list-api-tokens";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth }) => ({ api_tokens: await listApiTokens(db, auth.user.id) }),
});

/** The answer is the only time the token is shown. */
export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth, body }) => ({
    api_token: await createApiToken(db, auth.user.id, parseOrThrow(createApiTokenBody, body)),
  }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET", "POST");
export { otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

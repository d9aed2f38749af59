import { createApiTokenBody } from "@/lib/api/api-tokens";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createApiToken } from "@/lib/server/api-tokens/create-api-token";
import { listApiTokens } from "@/lib/server/api-tokens/list-api-tokens";

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

import { updateProfileBody } from "@/lib/api/profile";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { serializeProfile } from "@/lib/server/accounts/get-profile";
import { updateProfile } from "@/lib/server/accounts/update-profile";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = extRoute({
  scope: "read",
  handler: async ({ auth }) => ({ profile: serializeProfile(auth.user) }),
});

export const PUT = extRoute({
  scope: "write",
  handler: async ({ db, auth, body }) => ({
    profile: serializeProfile(await updateProfile(db, auth.user.id, parseOrThrow(updateProfileBody, body))),
  }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET", "PUT");
export { otherMethods as POST, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

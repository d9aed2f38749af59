import { changePasswordBody } from "@/lib/api/profile";
import { ApiError } from "@/lib/api/errors";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { changePassword } from "@/lib/server/accounts/change-password";
import { HashingBusyError } from "@/lib/server/crypto";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** Current and new password; other sign-ins of the user end (change-password.ts). */
export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth, body }) => {
    const input = parseOrThrow(changePasswordBody, body);
    try {
      return await changePassword(db, auth.user, auth.tokenId, input);
    } catch (err) {
      if (err instanceof HashingBusyError) throw new ApiError("serverBusy");
      throw err;
    }
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

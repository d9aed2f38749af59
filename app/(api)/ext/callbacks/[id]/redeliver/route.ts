import { ApiError } from "@/lib/api/errors";
import { extRoute } from "@/lib/server/http/ext-route";
import { CallbackDeliveryNotFoundError, redeliverCallback } from "@/lib/server/callbacks/redeliver-callback";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth, params }) => {
    try {
      await redeliverCallback(db, { accountId: auth.user.accountId, deliveryId: params.id! });
    } catch (err) {
      if (err instanceof CallbackDeliveryNotFoundError) throw new ApiError("notFound");
      throw err;
    }
    return { delivery: { id: params.id, status: "pending" } };
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

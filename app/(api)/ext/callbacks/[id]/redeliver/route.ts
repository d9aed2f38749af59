import { ApiError } from "@/lib/api/errors";
import { extRoute } from "@/lib/server/http/ext-route";
import { CallbackDeliveryNotFoundError, redeliverCallback } from "@/lib/server/callbacks/redeliver-callback";

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

import { ApiError } from "@/lib/api/errors";
import { apiRoute } from "@/lib/server/http/api-route";
import { CallbackDeliveryNotFoundError, redeliverCallback } from "@/lib/server/callbacks/redeliver-callback";

export const POST = apiRoute({
  scope: "write",
  fixedVersion: "v2",
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

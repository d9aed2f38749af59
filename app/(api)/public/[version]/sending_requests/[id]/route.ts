import { apiRoute } from "@/lib/server/http/api-route";
import { getSendingRequestOrThrow } from "@/lib/server/sending-requests/get-sending-request-or-throw";
import { serializeSendingRequest } from "@/lib/server/sending-requests/serialize-sending-request";

/** Spec 4.6: the status as a bare object. */
export const GET = apiRoute({
  scope: "read",
  handler: async ({ db, auth, params, version }) =>
    serializeSendingRequest(await getSendingRequestOrThrow(db, auth.user, params.id!), version),
});

import { apiRoute } from "@/lib/server/http/api-route";
import { getSendingRequestOrThrow } from "@/lib/server/sending-requests/get-sending-request-or-throw";
import { serializeSendingRequest } from "@/lib/server/sending-requests/serialize-sending-request";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** Spec 4.6: the status as a bare object. */
export const GET = apiRoute({
  scope: "read",
  handler: async ({ db, auth, params, version }) =>
    serializeSendingRequest(await getSendingRequestOrThrow(db, auth.user, params.id!), version),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

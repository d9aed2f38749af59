import { createSendingRequestBody } from "@/lib/api/sending";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createSendingRequest } from "@/lib/server/sending-requests/create-sending-request";
import { serializeSendingRequest } from "@/lib/server/sending-requests/serialize-sending-request";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = apiRoute({
  scope: "write",
  rateLimit: "send",
  handler: async ({ db, auth, body, version }) => {
    const input = parseOrThrow(createSendingRequestBody, body);
    const row = await createSendingRequest(db, auth.user, auth.account!, input);
    return { sending_request: serializeSendingRequest(row, version) };
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

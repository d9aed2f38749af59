import { createSendingRequestBody } from "@/lib/api/sending";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createSendingRequest } from "@/lib/server/sending-requests/create-sending-request";
import { serializeSendingRequest } from "@/lib/server/sending-requests/serialize-sending-request";

export const POST = apiRoute({
  scope: "write",
  handler: async ({ db, auth, body, version }) => {
    const input = parseOrThrow(createSendingRequestBody, body);
    const row = await createSendingRequest(db, auth.user, auth.account!, input);
    return { sending_request: serializeSendingRequest(row, version) };
  },
});

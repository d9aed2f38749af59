import { uploadedBody } from "@/lib/api/sending";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { markUploaded } from "@/lib/server/sending-requests/mark-uploaded";
import { preparationUrl, serializeSendingRequest } from "@/lib/server/sending-requests/serialize-sending-request";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = apiRoute({
  scope: "write",
  handler: async ({ db, auth, params, body, version }) => {
    const { prepare_document } = parseOrThrow(uploadedBody, body);
    const row = await markUploaded(db, auth.user, params.id!, prepare_document ?? false);
    if (prepare_document) return { url: preparationUrl(row.id) };
    const { upload_url: _spent, ...status } = serializeSendingRequest(row, version);
    return status;
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

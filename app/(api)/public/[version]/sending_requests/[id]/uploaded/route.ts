import { uploadedBody } from "@/lib/api/sending";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { markUploaded } from "@/lib/server/sending-requests/mark-uploaded";
import { preparationUrl, serializeSendingRequest } from "@/lib/server/sending-requests/serialize-sending-request";

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

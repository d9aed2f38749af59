import { updatePinBody } from "@/lib/api/documents";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { updateDocumentPin } from "@/lib/server/documents/update-document-pin";
import { documentResponse } from "@/lib/server/documents/document-response";

export const PUT = apiRoute({
  scope: "write",
  mirror: "document",
  handler: async ({ db, auth, params, body, version }) => {
    const { pin } = parseOrThrow(updatePinBody, body);
    return documentResponse(db, await updateDocumentPin(db, auth.user, params.id!, pin), version, auth.user.id);
  },
});

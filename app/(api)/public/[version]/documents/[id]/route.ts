import { apiRoute } from "@/lib/server/http/api-route";
import { getAccessibleDocumentOrThrow } from "@/lib/server/documents/document-access";
import { documentResponse } from "@/lib/server/documents/document-response";

export const GET = apiRoute({
  scope: "read",
  handler: async ({ db, auth, params, version }) => {
    const doc = await getAccessibleDocumentOrThrow(db, auth.user, params.id!);
    return documentResponse(db, doc, version, auth.user.id);
  },
});

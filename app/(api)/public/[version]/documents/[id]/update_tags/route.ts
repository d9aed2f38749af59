import { updateTagsBody } from "@/lib/api/documents";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { updateDocumentTags } from "@/lib/server/documents/update-document-tags";
import { documentResponse } from "@/lib/server/documents/document-response";

export const POST = apiRoute({
  scope: "write",
  mirror: "document",
  handler: async ({ db, auth, params, body, version }) => {
    const { tags } = parseOrThrow(updateTagsBody, body);
    return documentResponse(db, await updateDocumentTags(db, auth.user, params.id!, tags), version, auth.user.id);
  },
});

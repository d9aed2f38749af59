import { updateTagsBody } from "@/lib/api/documents";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { updateDocumentTags } from "@/lib/server/documents/update-document-tags";
import { documentResponse } from "@/lib/server/documents/document-response";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = apiRoute({
  scope: "write",
  mirror: "document",
  handler: async ({ db, auth, params, body, version }) => {
    const { tags } = parseOrThrow(updateTagsBody, body);
    return documentResponse(db, await updateDocumentTags(db, auth.user, params.id!, tags), version, auth.user.id);
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

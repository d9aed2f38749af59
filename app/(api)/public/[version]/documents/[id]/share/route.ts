import { shareDocumentBody } from "@/lib/api/documents";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { shareDocument } from "@/lib/server/documents/share-document";
import { documentResponse } from "@/lib/server/documents/document-response";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = apiRoute({
  scope: "write",
  mirror: "document",
  handler: async ({ db, auth, params, body, version }) => {
    const { shared_with } = parseOrThrow(shareDocumentBody, body);
    return documentResponse(db, await shareDocument(db, auth.user, params.id!, shared_with), version, auth.user.id);
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

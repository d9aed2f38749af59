import { updatePinBody } from "@/lib/api/documents";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { updateDocumentPin } from "@/lib/server/documents/update-document-pin";
import { documentResponse } from "@/lib/server/documents/document-response";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const PUT = apiRoute({
  scope: "write",
  mirror: "document",
  handler: async ({ db, auth, params, body, version }) => {
    const { pin } = parseOrThrow(updatePinBody, body);
    return documentResponse(db, await updateDocumentPin(db, auth.user, params.id!, pin), version, auth.user.id);
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("PUT");
export { otherMethods as GET, otherMethods as POST, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import { apiRoute } from "@/lib/server/http/api-route";
import { getAccessibleDocumentOrThrow } from "@/lib/server/documents/document-access";
import { documentResponse } from "@/lib/server/documents/document-response";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = apiRoute({
  scope: "read",
  handler: async ({ db, auth, params, version }) => {
    const doc = await getAccessibleDocumentOrThrow(db, auth.user, params.id!);
    return documentResponse(db, doc, version, auth.user);
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

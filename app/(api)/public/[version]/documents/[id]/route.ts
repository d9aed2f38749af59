import { apiRoute } from "@/lib/server/http/api-route";
import { getDocumentAnswer } from "@/lib/server/documents/get-document-answer";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = apiRoute({
  scope: "read",
  handler: async ({ db, auth, params, version }) => {
    return getDocumentAnswer(db, auth.user, params.id!, version);
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

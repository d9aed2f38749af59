import { apiRoute } from "@/lib/server/http/api-route";
import {
  getArchivedDocumentOrThrow,
  serializeArchivedDocument,
} from "@/lib/server/archive/get-archived-document-or-throw";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = apiRoute({
  scope: "read",
  handler: async ({ db, auth, params }) => {
    const row = await getArchivedDocumentOrThrow(db, auth.user, params.guid!);
    return { archived_document: serializeArchivedDocument(row) };
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

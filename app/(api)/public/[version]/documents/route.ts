import { listDocumentsQuery } from "@/lib/api/documents";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { listDocumentsAnswer } from "@/lib/server/documents/list-documents-answer";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = apiRoute({
  scope: "read",
  handler: async ({ db, auth, query, version }) => {
    const params = parseOrThrow(listDocumentsQuery, Object.fromEntries(query));
    return listDocumentsAnswer(db, auth.user, params, version);
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

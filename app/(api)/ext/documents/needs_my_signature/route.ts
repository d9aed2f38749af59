import { listDocumentsToSignQuery } from "@/lib/api/documents-to-sign";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { listDocumentsToSign } from "@/lib/server/documents/list-documents-to-sign";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** The documents whose turn it is for the caller to sign (the dashboard's "Needs my signature"). */
export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth, query }) => {
    const { page, per_page } = parseOrThrow(listDocumentsToSignQuery, Object.fromEntries(query));
    const { documents, totalPages } = await listDocumentsToSign(db, auth.user, page, per_page);
    return { documents, meta: { total_pages: totalPages } };
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import { listArchivedQuery } from "@/lib/api/archived-list";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { listArchivedDocuments } from "@/lib/server/archive/list-archived-documents";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** `?q=&page=&per_page=`: the archived records the caller may open (as the GUID lookup decides), newest import first. */
export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth, query }) => {
    const { q, page, per_page } = parseOrThrow(listArchivedQuery, Object.fromEntries(query));
    return listArchivedDocuments(db, auth.user, { q, page, perPage: per_page });
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import { listDocumentsQuery } from "@/lib/api/documents";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { listDocuments } from "@/lib/server/documents/list-documents";
import { serializeDocument } from "@/lib/server/documents/serialize-document";

export const GET = apiRoute({
  scope: "read",
  handler: async ({ db, auth, query, version }) => {
    const params = parseOrThrow(listDocumentsQuery, Object.fromEntries(query));
    const { details, totalPages } = await listDocuments(db, auth.user, params);
    return { documents: details.map((d) => serializeDocument(d, version, false, auth.user.id)), meta: { total_pages: totalPages } };
  },
});

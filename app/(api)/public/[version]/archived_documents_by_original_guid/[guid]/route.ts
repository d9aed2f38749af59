import { apiRoute } from "@/lib/server/http/api-route";
import {
  getArchivedDocumentOrThrow,
  serializeArchivedDocument,
} from "@/lib/server/archive/get-archived-document-or-throw";

export const GET = apiRoute({
  scope: "read",
  handler: async ({ db, auth, params }) => {
    const row = await getArchivedDocumentOrThrow(db, auth.user, params.guid!);
    return { archived_document: serializeArchivedDocument(row) };
  },
});

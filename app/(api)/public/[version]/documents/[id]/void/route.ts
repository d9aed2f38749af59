import { apiRoute } from "@/lib/server/http/api-route";
import { voidDocument } from "@/lib/server/documents/void-document";
import { requestOrigin } from "@/lib/server/documents/record-audit";

export const POST = apiRoute({
  scope: "write",
  mirror: "document",
  handler: async ({ db, auth, params, req }) => {
    await voidDocument(db, auth.user, params.id!, requestOrigin(req));
    return { document: { status: "voided" } };
  },
});

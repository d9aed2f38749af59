import { apiRoute } from "@/lib/server/http/api-route";
import { getDocumentDeliveries } from "@/lib/server/ext/document-deliveries";

export const GET = apiRoute({
  scope: "read",
  fixedVersion: "v2",
  handler: async ({ db, auth, params }) => getDocumentDeliveries(db, auth.user, params.id!),
});

import { extRoute } from "@/lib/server/http/ext-route";
import { getDocumentDeliveries } from "@/lib/server/ext/document-deliveries";

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth, params }) => getDocumentDeliveries(db, auth.user, params.id!),
});

import { extRoute } from "@/lib/server/http/ext-route";
import { getDocumentDeliveries } from "@/lib/server/ext/document-deliveries";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth, params }) => getDocumentDeliveries(db, auth.user, params.id!),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import { extRoute } from "@/lib/server/http/ext-route";
import { getDocumentOverview } from "@/lib/server/documents/get-document-overview";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** The detail page's extras: decline reasons, signed pages, corrected-from, the sender's "sign now" link. */
export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth, params }) => ({ document: await getDocumentOverview(db, auth.user, params.id!) }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import { extRoute } from "@/lib/server/http/ext-route";
import { correctDocument } from "@/lib/server/documents/correct-document";
import { requestOrigin } from "@/lib/server/documents/record-audit";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** "Correct and resend": a new draft from a declined or expired document (sender only). */
export const POST = extRoute({
  scope: "write",
  handler: async ({ req, db, auth, params }) => ({ document: await correctDocument(db, auth.user, params.id!, requestOrigin(req)) }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

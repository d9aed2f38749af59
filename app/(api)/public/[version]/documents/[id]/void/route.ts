import { voidDocumentBody } from "@/lib/api/void-document";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { voidDocument } from "@/lib/server/documents/void-document";
import { requestOrigin } from "@/lib/server/documents/record-audit";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = apiRoute({
  scope: "write",
  mirror: "document",
  handler: async ({ db, auth, params, req, body }) => {
    const { reason } = parseOrThrow(voidDocumentBody, body);
    await voidDocument(db, auth.user, params.id!, requestOrigin(req), reason);
    return { document: { status: "voided" } };
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

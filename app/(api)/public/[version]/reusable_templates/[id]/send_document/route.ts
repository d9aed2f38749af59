import { sendDocumentBody } from "@/lib/api/sending";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createDocumentFromTemplate } from "@/lib/server/sending/create-document-from-template";
import { documentResponse } from "@/lib/server/documents/document-response";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = apiRoute({
  scope: "write",
  rateLimit: "send",
  mirror: "document",
  handler: async ({ db, auth, params, body, version }) => {
    const input = parseOrThrow(sendDocumentBody(version), body);
    const doc = await createDocumentFromTemplate(db, { user: auth.user, account: auth.account! }, params.id!, "send", input, version);
    return documentResponse(db, doc, version, auth.user.id);
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

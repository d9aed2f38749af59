import { prepareDocumentBody } from "@/lib/api/sending";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createDocumentFromTemplate } from "@/lib/server/sending/create-document-from-template";
import { documentPreparationUrl } from "@/lib/server/sending/send-draft-document";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = apiRoute({
  scope: "write",
  rateLimit: "send",
  mirror: "document",
  handler: async ({ db, auth, params, body, version }) => {
    const input = parseOrThrow(prepareDocumentBody(version), body);
    const doc = await createDocumentFromTemplate(db, { user: auth.user, account: auth.account! }, params.id!, "prepare", input, version);
    return { url: documentPreparationUrl(doc.id) };
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import { ApiError } from "@/lib/api/errors";
import { noFieldsMessage } from "@/lib/api/field-rules";
import { extRoute } from "@/lib/server/http/ext-route";
import { sendDraftDocument } from "@/lib/server/sending/send-draft-document";
import { getDocumentDraft } from "@/lib/server/template-builder/get-document-draft";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** draft → pending with every effect of send_document (the builder's "Send"). */
export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth, params }) => {
    const result = await sendDraftDocument(db, auth.user, params.id!);
    if (result === "not_found") throw new ApiError("documentNotFound");
    if (result === "not_sender") throw new ApiError("notDocumentSender");
    if (result === "not_draft") throw ApiError.badInput("id", "the document is not a draft; it was already sent or voided.");
    if (typeof result === "object") throw ApiError.badInput("fields", noFieldsMessage(result.noFieldsFor));
    return { document: await getDocumentDraft(db, auth.user, params.id!) };
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

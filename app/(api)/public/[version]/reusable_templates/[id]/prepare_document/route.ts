import { prepareDocumentBody } from "@/lib/api/sending";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createDocumentFromTemplate } from "@/lib/server/sending/create-document-from-template";
import { documentPreparationUrl } from "@/lib/server/sending/send-draft-document";

export const POST = apiRoute({
  scope: "write",
  mirror: "document",
  handler: async ({ db, auth, params, body, version }) => {
    const input = parseOrThrow(prepareDocumentBody(version), body);
    const doc = await createDocumentFromTemplate(db, { user: auth.user, account: auth.account! }, params.id!, "prepare", input, version);
    return { url: documentPreparationUrl(doc.id) };
  },
});

import { embedDocumentBody } from "@/lib/api/sending";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createDocumentFromTemplate } from "@/lib/server/sending/create-document-from-template";
import { documentResponse } from "@/lib/server/documents/document-response";

export const POST = apiRoute({
  scope: "write",
  mirror: "document",
  handler: async ({ db, auth, params, body, version }) => {
    const input = parseOrThrow(embedDocumentBody(version), body);
    const doc = await createDocumentFromTemplate(db, { user: auth.user, account: auth.account! }, params.id!, "embed", input, version);
    return documentResponse(db, doc, version, auth.user.id);
  },
});

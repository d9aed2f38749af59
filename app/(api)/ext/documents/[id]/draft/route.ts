import { saveDocumentDraftBody } from "@/lib/api/builder";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { getDocumentDraft } from "@/lib/server/template-builder/get-document-draft";
import { saveDocumentDraft } from "@/lib/server/template-builder/save-document-draft";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth, params }) => ({ document: await getDocumentDraft(db, auth.user, params.id!) }),
});

export const PUT = extRoute({
  scope: "write",
  handler: async ({ db, auth, params, body }) => ({
    document: await saveDocumentDraft(db, auth.user, params.id!, parseOrThrow(saveDocumentDraftBody, body)),
  }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET", "PUT");
export { otherMethods as POST, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

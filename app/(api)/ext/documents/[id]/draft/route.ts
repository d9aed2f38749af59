import { saveDocumentDraftBody } from "@/lib/api/builder";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { getDocumentDraft } from "@/lib/server/template-builder/get-document-draft";
import { saveDocumentDraft } from "@/lib/server/template-builder/save-document-draft";

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

import { saveDocumentDraftBody } from "@/lib/api/builder";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { getDocumentDraft } from "@/lib/server/template-builder/get-document-draft";
import { saveDocumentDraft } from "@/lib/server/template-builder/save-document-draft";

export const GET = apiRoute({
  scope: "read",
  fixedVersion: "v2",
  handler: async ({ db, auth, params }) => ({ document: await getDocumentDraft(db, auth.user, params.id!) }),
});

export const PUT = apiRoute({
  scope: "write",
  fixedVersion: "v2",
  handler: async ({ db, auth, params, body }) => ({
    document: await saveDocumentDraft(db, auth.user, params.id!, parseOrThrow(saveDocumentDraftBody, body)),
  }),
});

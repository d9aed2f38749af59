import { apiRoute } from "@/lib/server/http/api-route";
import { getTemplateUploadOrThrow } from "@/lib/server/template-builder/template-upload-access";
import { serializeTemplateUpload } from "@/lib/server/template-builder/serialize-template-upload";

export const GET = apiRoute({
  scope: "read",
  fixedVersion: "v2",
  handler: async ({ db, auth, params }) => ({ template_upload: serializeTemplateUpload(await getTemplateUploadOrThrow(db, auth.user, params.id!)) }),
});

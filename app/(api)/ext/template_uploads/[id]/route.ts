import { extRoute } from "@/lib/server/http/ext-route";
import { getTemplateUploadOrThrow } from "@/lib/server/template-builder/template-upload-access";
import { serializeTemplateUpload } from "@/lib/server/template-builder/serialize-template-upload";

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth, params }) => ({ template_upload: serializeTemplateUpload(await getTemplateUploadOrThrow(db, auth.user, params.id!)) }),
});

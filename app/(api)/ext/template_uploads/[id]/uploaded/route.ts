import { apiRoute } from "@/lib/server/http/api-route";
import { markTemplateUploaded } from "@/lib/server/template-builder/mark-template-uploaded";
import { serializeTemplateUpload } from "@/lib/server/template-builder/serialize-template-upload";

export const POST = apiRoute({
  scope: "write",
  fixedVersion: "v2",
  handler: async ({ db, auth, params }) => ({ template_upload: serializeTemplateUpload(await markTemplateUploaded(db, auth.user, params.id!)) }),
});

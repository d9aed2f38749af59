import { extRoute } from "@/lib/server/http/ext-route";
import { markTemplateUploaded } from "@/lib/server/template-builder/mark-template-uploaded";
import { serializeTemplateUpload } from "@/lib/server/template-builder/serialize-template-upload";

export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth, params }) => ({ template_upload: serializeTemplateUpload(await markTemplateUploaded(db, auth.user, params.id!)) }),
});

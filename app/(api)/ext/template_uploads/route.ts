import { createTemplateUploadBody } from "@/lib/api/builder";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createTemplateUpload } from "@/lib/server/template-builder/create-template-upload";
import { serializeTemplateUpload } from "@/lib/server/template-builder/serialize-template-upload";

export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth, body }) => ({
    template_upload: serializeTemplateUpload(await createTemplateUpload(db, auth.user, parseOrThrow(createTemplateUploadBody, body))),
  }),
});

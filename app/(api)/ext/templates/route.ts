import { createTemplateBody } from "@/lib/api/builder";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createTemplateFromUpload } from "@/lib/server/template-builder/create-template-from-upload";
import { serializeBuilderTemplate } from "@/lib/server/template-builder/serialize-builder-template";

export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth, body }) => {
    const input = parseOrThrow(createTemplateBody, body);
    return { template: serializeBuilderTemplate(await createTemplateFromUpload(db, auth.user, input.upload_id, input.definition)) };
  },
});

import { createTemplateBody } from "@/lib/api/builder";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createTemplateFromUpload } from "@/lib/server/template-builder/create-template-from-upload";
import { serializeBuilderTemplate } from "@/lib/server/template-builder/serialize-builder-template";

export const POST = apiRoute({
  scope: "write",
  fixedVersion: "v2",
  handler: async ({ db, auth, body }) => {
    const input = parseOrThrow(createTemplateBody, body);
    return { template: serializeBuilderTemplate(await createTemplateFromUpload(db, auth.user, input.upload_id, input.definition)) };
  },
});

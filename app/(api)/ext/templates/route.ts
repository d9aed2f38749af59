import { createTemplateBody } from "@/lib/api/builder";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createTemplateFromUpload } from "@/lib/server/template-builder/create-template-from-upload";
import { serializeBuilderTemplate } from "@/lib/server/template-builder/serialize-builder-template";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth, body }) => {
    const input = parseOrThrow(createTemplateBody, body);
    return { template: serializeBuilderTemplate(await createTemplateFromUpload(db, auth.user, input.upload_id, input.definition)) };
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

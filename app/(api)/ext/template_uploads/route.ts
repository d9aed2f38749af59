import { createTemplateUploadBody } from "@/lib/api/builder";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { createTemplateUpload } from "@/lib/server/template-builder/create-template-upload";
import { serializeTemplateUpload } from "@/lib/server/template-builder/serialize-template-upload";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth, body }) => ({
    template_upload: serializeTemplateUpload(await createTemplateUpload(db, auth.user, parseOrThrow(createTemplateUploadBody, body))),
  }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

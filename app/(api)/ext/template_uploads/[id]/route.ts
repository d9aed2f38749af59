import { extRoute } from "@/lib/server/http/ext-route";
import { getTemplateUploadOrThrow } from "@/lib/server/template-builder/template-upload-access";
import { serializeTemplateUpload } from "@/lib/server/template-builder/serialize-template-upload";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth, params }) => ({ template_upload: serializeTemplateUpload(await getTemplateUploadOrThrow(db, auth.user, params.id!)) }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import { extRoute } from "@/lib/server/http/ext-route";
import { markTemplateUploaded } from "@/lib/server/template-builder/mark-template-uploaded";
import { serializeTemplateUpload } from "@/lib/server/template-builder/serialize-template-upload";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const POST = extRoute({
  scope: "write",
  handler: async ({ db, auth, params }) => ({ template_upload: serializeTemplateUpload(await markTemplateUploaded(db, auth.user, params.id!)) }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import { signedUploadRoute } from "@/lib/server/http/signed-upload-route";
import { storeTemplateUpload } from "@/lib/server/template-builder/store-template-upload";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** The file of a new template (builder): the raw file is the body. */
const route = signedUploadRoute({ kind: "template_uploads", label: "Template upload", store: storeTemplateUpload });
export const OPTIONS = route.OPTIONS;
export const PUT = route.PUT;

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("PUT");
export { otherMethods as GET, otherMethods as POST, otherMethods as PATCH, otherMethods as DELETE };

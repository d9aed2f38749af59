import { signedUploadRoute } from "@/lib/server/http/signed-upload-route";
import { storeTemplateUpload } from "@/lib/server/template-builder/store-template-upload";

/** The file of a new template (builder): the raw file is the body. */
const route = signedUploadRoute({ kind: "template_uploads", label: "Template upload", store: storeTemplateUpload });
export const OPTIONS = route.OPTIONS;
export const PUT = route.PUT;

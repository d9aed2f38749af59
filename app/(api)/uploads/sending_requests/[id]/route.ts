import { signedUploadRoute } from "@/lib/server/http/signed-upload-route";
import { storeUpload } from "@/lib/server/sending-requests/store-upload";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** The upload step of spec 4.6: the raw file is the body. */
const route = signedUploadRoute({ kind: "sending_requests", label: "Sending Request", store: storeUpload });
export const OPTIONS = route.OPTIONS;
export const PUT = route.PUT;

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("PUT");
export { otherMethods as GET, otherMethods as POST, otherMethods as PATCH, otherMethods as DELETE };

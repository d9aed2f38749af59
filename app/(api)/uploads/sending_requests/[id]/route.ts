import { signedUploadRoute } from "@/lib/server/http/signed-upload-route";
import { storeUpload } from "@/lib/server/sending-requests/store-upload";

/** The upload step of spec 4.6: the raw file is the body. */
const route = signedUploadRoute({ kind: "sending_requests", label: "Sending Request", store: storeUpload });
export const OPTIONS = route.OPTIONS;
export const PUT = route.PUT;

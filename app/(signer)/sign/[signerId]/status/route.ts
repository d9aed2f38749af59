import { signerStatusBody } from "@/lib/api/signing";
import { signerRoute } from "@/lib/server/signing/signer-route";
import { getSignerStatus } from "@/lib/server/signing/get-signer-status";

// The finished page asks this while the signed PDF is being made, and for a fresh download address.
export const POST = signerRoute(signerStatusBody, { needsPin: true }, async ({ ctx }) => ({
  body: getSignerStatus(ctx, { pinPassed: true }),
}));

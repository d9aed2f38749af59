import { submitSignatureBody } from "@/lib/api/signing";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { signerRoute } from "@/lib/server/signing/signer-route";
import { submitSignature } from "@/lib/server/signing/submit-signature";

export const POST = signerRoute(submitSignatureBody, { needsPin: true, bodyLimit: BODY_LIMITS.signerSubmit }, async ({ db, ctx, input, origin }) => ({
  body: await submitSignature(db, ctx, input.values, origin),
}));

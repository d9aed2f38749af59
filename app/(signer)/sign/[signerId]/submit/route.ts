import { submitSignatureBody } from "@/lib/api/signing";
import { signerRoute } from "@/lib/server/signing/signer-route";
import { submitSignature } from "@/lib/server/signing/submit-signature";

export const POST = signerRoute(submitSignatureBody, { needsPin: true }, async ({ db, ctx, input, origin }) => ({
  body: await submitSignature(db, ctx, input.values, origin),
}));

import { declineBody } from "@/lib/api/signing";
import { signerRoute } from "@/lib/server/signing/signer-route";
import { declineDocument } from "@/lib/server/signing/decline-document";

export const POST = signerRoute(declineBody, { needsPin: true }, async ({ db, ctx, input, origin }) => ({
  body: await declineDocument(db, ctx, input.reason, origin),
}));

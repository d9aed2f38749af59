import { verifyPinBody } from "@/lib/api/signing";
import { signerRoute } from "@/lib/server/signing/signer-route";
import { pinCookie, verifySignerPin } from "@/lib/server/signing/signer-pin";
import { recordFirstView } from "@/lib/server/signing/record-first-view";

export const POST = signerRoute(verifyPinBody, { needsPin: false }, async ({ db, ctx, input, origin }) => {
  await verifySignerPin(db, ctx, input.pin, origin);
  // Behind a PIN the document is first seen now.
  await recordFirstView(db, ctx, origin);
  return { body: { ok: true }, headers: { "Set-Cookie": pinCookie(ctx) } };
});

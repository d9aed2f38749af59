import { ApiError } from "@/lib/api/errors";
import { SAVED_SIGNATURE_KINDS, saveSignatureBody, type SavedSignatureKind } from "@/lib/api/profile";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { serializeProfile } from "@/lib/server/accounts/get-profile";
import { removeSignatureImage, saveSignatureImage } from "@/lib/server/accounts/save-signature-image";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

function kindOrThrow(kind: string | undefined): SavedSignatureKind {
  if (!SAVED_SIGNATURE_KINDS.includes(kind as SavedSignatureKind)) throw new ApiError("notFound");
  return kind as SavedSignatureKind;
}

/** `signature` or `initials`: `{image: data URL}`, stored re-encoded; answers the profile. */
export const PUT = extRoute({
  scope: "write",
  handler: async ({ db, auth, params, body }) => {
    const kind = kindOrThrow(params.kind);
    const { image } = parseOrThrow(saveSignatureBody, body);
    return { profile: serializeProfile(await saveSignatureImage(db, auth.user, kind, image)) };
  },
});

export const DELETE = extRoute({
  scope: "write",
  handler: async ({ db, auth, params }) => ({ profile: serializeProfile(await removeSignatureImage(db, auth.user, kindOrThrow(params.kind))) }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("PUT", "DELETE");
export { otherMethods as GET, otherMethods as POST, otherMethods as PATCH, otherMethods as OPTIONS };

import { editRecipientBody } from "@/lib/api/document-actions";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { editRecipient } from "@/lib/server/documents/edit-recipient";
import { requestOrigin } from "@/lib/server/documents/record-audit";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** A pending recipient's new name and e-mail (sender only): the old link stops working, a new invitation goes out. */
export const PUT = extRoute({
  scope: "write",
  handler: async ({ req, db, auth, params, body }) => ({
    recipient: await editRecipient(db, auth.user, params.id!, params.recipientId!, parseOrThrow(editRecipientBody, body), requestOrigin(req)),
  }),
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("PUT");
export { otherMethods as GET, otherMethods as POST, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

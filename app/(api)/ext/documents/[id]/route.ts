import { extRoute } from "@/lib/server/http/ext-route";
import { deleteDraft } from "@/lib/server/documents/delete-draft";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

/** Deletes a draft (sender only; a sent document is voided instead): 204. */
export const DELETE = extRoute({
  scope: "write",
  handler: async ({ db, auth, params }) => {
    await deleteDraft(db, auth.user, params.id!);
    return new Response(null, { status: 204 });
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("DELETE");
export { otherMethods as GET, otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as OPTIONS };

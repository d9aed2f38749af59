import { extRoute } from "@/lib/server/http/ext-route";
import { deleteApplication } from "@/lib/server/ext/applications";

export const DELETE = extRoute({
  scope: "write",
  handler: async ({ db, auth, params }) => {
    await deleteApplication(db, auth.user, params.id!);
    return new Response(null, { status: 204 });
  },
});

import { apiRoute } from "@/lib/server/http/api-route";
import { deleteApplication } from "@/lib/server/ext/applications";

export const DELETE = apiRoute({
  scope: "write",
  fixedVersion: "v2",
  handler: async ({ db, auth, params }) => {
    await deleteApplication(db, auth.user, params.id!);
    return new Response(null, { status: 204 });
  },
});

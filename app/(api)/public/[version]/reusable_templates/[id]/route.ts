import { apiRoute } from "@/lib/server/http/api-route";
import { getAccountTemplateOrThrow } from "@/lib/server/templates/template-access";
import { withCreators } from "@/lib/server/templates/list-templates";
import { serializeTemplate } from "@/lib/server/templates/serialize-template";
import { deleteTemplate } from "@/lib/server/templates/delete-template";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = apiRoute({
  scope: "read",
  handler: async ({ db, auth, params }) => {
    const template = await getAccountTemplateOrThrow(db, auth.user, params.id!);
    const [withCreator] = await withCreators(db, [template]);
    return { reusable_template: serializeTemplate(withCreator!.template, withCreator!.creator) };
  },
});

/** Spec 9: v2 only. */
export const DELETE = apiRoute({
  scope: "write",
  versions: ["v2"],
  handler: async ({ db, auth, params }) => {
    await deleteTemplate(db, auth.user, params.id!);
    return new Response(null, { status: 204 });
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET", "DELETE");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as OPTIONS };

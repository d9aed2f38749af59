import { listTemplatesQuery } from "@/lib/api/templates";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { listTemplates } from "@/lib/server/templates/list-templates";
import { serializeTemplate } from "@/lib/server/templates/serialize-template";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = apiRoute({
  scope: "read",
  handler: async ({ db, auth, query }) => {
    const params = parseOrThrow(listTemplatesQuery, Object.fromEntries(query));
    const { templates, totalPages } = await listTemplates(db, auth.user, params);
    return {
      reusable_templates: templates.map((t) => serializeTemplate(t.template, t.creator)),
      meta: { total_pages: totalPages },
    };
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET");
export { otherMethods as POST, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

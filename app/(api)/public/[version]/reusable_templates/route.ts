import { listTemplatesQuery } from "@/lib/api/templates";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { listTemplates } from "@/lib/server/templates/list-templates";
import { serializeTemplate } from "@/lib/server/templates/serialize-template";

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

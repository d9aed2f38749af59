import { deleteTemplateTagParams, templateTagsBody } from "@/lib/api/templates";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import {
  deleteTemplateTag,
  getTemplateTags,
  mergeTemplateTags,
  replaceTemplateTags,
  tagItems,
} from "@/lib/server/templates/update-template-tags";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

// Spec 4.5; the path's template id segment is `[id]` (`:reusable_template_id` in the spec).

export const GET = apiRoute({
  scope: "read",
  handler: async ({ db, auth, params }) => tagItems(await getTemplateTags(db, auth.user, params.id!)),
});

export const POST = apiRoute({
  scope: "write",
  mirror: "reusable_template",
  handler: async ({ db, auth, params, body }) => {
    const { tags } = parseOrThrow(templateTagsBody, body);
    return tagItems(await replaceTemplateTags(db, auth.user, params.id!, tags));
  },
});

export const PATCH = apiRoute({
  scope: "write",
  mirror: "reusable_template",
  handler: async ({ db, auth, params, body }) => {
    const { tags } = parseOrThrow(templateTagsBody, body);
    return tagItems(await mergeTemplateTags(db, auth.user, params.id!, tags));
  },
});

/** `tag` may come in the query (DELETE bodies are often dropped by clients) or the JSON body. */
export const DELETE = apiRoute({
  scope: "write",
  mirror: "reusable_template",
  handler: async ({ db, auth, params, body, query }) => {
    const { tag } = parseOrThrow(deleteTemplateTagParams, { tag: query.get("tag") ?? body.tag });
    return tagItems(await deleteTemplateTag(db, auth.user, params.id!, tag));
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET", "POST", "PATCH", "DELETE");
export { otherMethods as PUT, otherMethods as OPTIONS };

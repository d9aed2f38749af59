import { saveTemplateVersionBody } from "@/lib/api/builder";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { getAccountTemplateOrThrow } from "@/lib/server/templates/template-access";
import { saveTemplateVersion } from "@/lib/server/template-builder/save-template-version";
import { serializeBuilderTemplate } from "@/lib/server/template-builder/serialize-builder-template";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const GET = extRoute({
  scope: "read",
  handler: async ({ db, auth, params }) => ({ template: serializeBuilderTemplate(await getAccountTemplateOrThrow(db, auth.user, params.id!)) }),
});

export const PUT = extRoute({
  scope: "write",
  handler: async ({ db, auth, params, body }) => {
    const input = parseOrThrow(saveTemplateVersionBody, body);
    return { template: serializeBuilderTemplate(await saveTemplateVersion(db, auth.user, params.id!, input.definition, input.base_version)) };
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET", "PUT");
export { otherMethods as POST, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import { saveTemplateVersionBody } from "@/lib/api/builder";
import { apiRoute } from "@/lib/server/http/api-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { getAccountTemplateOrThrow } from "@/lib/server/templates/template-access";
import { saveTemplateVersion } from "@/lib/server/template-builder/save-template-version";
import { serializeBuilderTemplate } from "@/lib/server/template-builder/serialize-builder-template";

export const GET = apiRoute({
  scope: "read",
  fixedVersion: "v2",
  handler: async ({ db, auth, params }) => ({ template: serializeBuilderTemplate(await getAccountTemplateOrThrow(db, auth.user, params.id!)) }),
});

export const PUT = apiRoute({
  scope: "write",
  fixedVersion: "v2",
  handler: async ({ db, auth, params, body }) => {
    const input = parseOrThrow(saveTemplateVersionBody, body);
    return { template: serializeBuilderTemplate(await saveTemplateVersion(db, auth.user, params.id!, input.definition, input.base_version)) };
  },
});

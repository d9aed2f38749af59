import "server-only";
import type { BuilderTemplate } from "@/lib/api/builder";
import { apiTime } from "@/lib/api/time";
import type { TemplateRow } from "@/lib/server/templates/template-access";
import { rowsToDefinition } from "@/lib/server/templates/definition-rows";
import { serializePages } from "./serialize-pages";

/** A template as the builder edits it: the full definition, positions included. */
export function serializeBuilderTemplate(t: TemplateRow): BuilderTemplate {
  return {
    id: t.id,
    version: t.version,
    filename: t.filename,
    pages: serializePages(t.pages),
    updated_at: apiTime(t.updatedAt),
    definition: {
      name: t.name,
      signer_sequencing: t.signerSequencing,
      expires_in: t.expiresIn,
      tags: t.tags,
      shared_with: t.sharedWith,
      identity_method: t.identityMethod === "none" ? "none" : "email",
      kba: t.kba,
      passcode: t.passcode,
      ...rowsToDefinition({ roles: t.roles, fields: t.fields, mergeFields: t.mergeFields }),
    },
  };
}

"use server";

import type { ActionResult } from "@/components/dashboard/action-result";
import type { TemplateTag } from "@/components/templates/tag-types";
import { noFieldsMessage, rolesWithoutFields } from "@/lib/api/field-rules";
import { forgetTemplateOptions } from "@/lib/server/dashboard/template-filter-options";
import { isId, runAction } from "../_lib/run-action";

// Server actions of the template screens. Each one forwards to the public API
// with the signed-in user's token and answers a value, never a thrown error:
// the API is the one that validates (with the same schemas the forms use).

const badId = { ok: false, status: 401, error: "Can't find Reusable Template." } as const;

type TagInput = { tag_name: string; value?: string | null };

function tagList(tags: unknown): TagInput[] {
  // The API validates names and values; this only keeps the shape it expects.
  return Array.isArray(tags)
    ? tags.map((t: { tag_name?: unknown; value?: unknown }) => ({
        tag_name: String(t?.tag_name ?? ""),
        value: t?.value === null || t?.value === undefined ? null : String(t.value),
      }))
    : [];
}

export async function listTemplateTagsAction(id: string): Promise<ActionResult<TemplateTag[]>> {
  if (!isId(id)) return badId;
  return runAction(async (api) => (await api.getTemplateTags(id)).tags);
}

export async function replaceTemplateTagsAction(id: string, tags: TagInput[]): Promise<ActionResult<TemplateTag[]>> {
  if (!isId(id)) return badId;
  return runAction(async (api) => (await api.replaceTemplateTags(id, tagList(tags))).tags);
}

export async function mergeTemplateTagsAction(id: string, tags: TagInput[]): Promise<ActionResult<TemplateTag[]>> {
  if (!isId(id)) return badId;
  return runAction(async (api) => (await api.mergeTemplateTags(id, tagList(tags))).tags);
}

export async function deleteTemplateTagAction(id: string, tag: string): Promise<ActionResult<TemplateTag[]>> {
  if (!isId(id)) return badId;
  return runAction(async (api) => (await api.deleteTemplateTag(id, String(tag))).tags);
}

export async function deleteTemplateAction(id: string): Promise<ActionResult<null>> {
  if (!isId(id)) return badId;
  const result = await runAction(async (api) => {
    await api.deleteTemplate(id);
    return null;
  });
  // The documents list's template filter no longer offers it.
  if (result.ok) await forgetTemplateOptions();
  return result;
}

export type SentDocument = {
  id: string;
  name: string;
  embed_codes: { embed_code: string; signer_role_name: string; signer_email: string | null }[];
};

/**
 * A role of the template without any field (and not omitted in `body`): the
 * dashboard does not send such a document, whose signer would be asked to
 * sign nothing. The public API still does (docs/api-decisions.md), so the
 * check is the dashboard's, before it calls send or embed.
 */
async function refuseRolesWithoutFields(id: string, body: unknown): Promise<ActionResult<never> | null> {
  const omitted = new Set(
    (Array.isArray((body as { roles?: unknown })?.roles) ? ((body as { roles: { name?: unknown; signer_omitted?: unknown }[] }).roles) : [])
      .filter((r) => r?.signer_omitted === true)
      .map((r) => String(r.name)),
  );
  const found = await runAction(async (api) => {
    const { definition } = (await api.getBuilderTemplate(id)).template;
    return rolesWithoutFields(definition.roles.map((r) => ({ name: r.name, omitted: omitted.has(r.name) })), definition.fields);
  });
  if (!found.ok) return found;
  const [bare] = found.data;
  return bare === undefined ? null : { ok: false, status: 422, error: noFieldsMessage(bare), field: "roles" };
}

export async function sendFromTemplateAction(id: string, body: unknown): Promise<ActionResult<SentDocument>> {
  if (!isId(id)) return badId;
  const refused = await refuseRolesWithoutFields(id, body);
  if (refused) return refused;
  return runAction(async (api) => {
    const { document } = await api.sendDocument(id, body);
    return { id: document.id, name: document.name, embed_codes: [] };
  });
}

export async function embedFromTemplateAction(id: string, body: unknown): Promise<ActionResult<SentDocument>> {
  if (!isId(id)) return badId;
  const refused = await refuseRolesWithoutFields(id, body);
  if (refused) return refused;
  return runAction(async (api) => {
    const { document } = await api.embedDocument(id, body);
    return { id: document.id, name: document.name, embed_codes: document.embed_codes ?? [] };
  });
}

export async function prepareFromTemplateAction(id: string, body: unknown): Promise<ActionResult<{ url: string }>> {
  if (!isId(id)) return badId;
  return runAction(async (api) => api.prepareDocument(id, body));
}

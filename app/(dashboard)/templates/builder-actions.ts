"use server";

import type { ActionResult } from "@/components/dashboard/action-result";
import type { BuilderDefinitionInput, BuilderTemplate, TemplateUpload } from "@/lib/api/builder";
import { forgetTemplateOptions } from "@/lib/server/dashboard/template-filter-options";
import { badId, isId, runAction } from "../_lib/run-action";

// Server actions of the template builder: the browser PUTs the file to the
// signed upload address itself; everything else goes through the API with
// the user's token, which stays on the server.

export async function createTemplateUploadAction(fileName: string): Promise<ActionResult<TemplateUpload>> {
  return runAction(async (api) => (await api.createTemplateUpload(String(fileName))).template_upload, "file");
}

export async function markTemplateUploadedAction(id: string): Promise<ActionResult<TemplateUpload>> {
  if (!isId(id)) return badId();
  return runAction(async (api) => (await api.markTemplateUploaded(id)).template_upload, "file");
}

export async function getTemplateUploadAction(id: string): Promise<ActionResult<TemplateUpload>> {
  if (!isId(id)) return badId();
  return runAction(async (api) => (await api.getTemplateUpload(id)).template_upload);
}

export async function createTemplateAction(uploadId: string, definition: BuilderDefinitionInput): Promise<ActionResult<BuilderTemplate>> {
  if (!isId(uploadId)) return badId();
  return changed(await runAction(async (api) => (await api.createTemplate(uploadId, definition)).template));
}

export async function saveTemplateVersionAction(id: string, definition: BuilderDefinitionInput, baseVersion: number): Promise<ActionResult<BuilderTemplate>> {
  if (!isId(id)) return badId();
  return changed(await runAction(async (api) => (await api.saveTemplateVersion(id, definition, baseVersion)).template));
}

/** A template was made or renamed: the documents list's template filter shows it at once. */
async function changed<T>(result: ActionResult<T>): Promise<ActionResult<T>> {
  if (result.ok) await forgetTemplateOptions();
  return result;
}

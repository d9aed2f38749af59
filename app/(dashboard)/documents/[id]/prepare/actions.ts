"use server";

import type { ActionResult } from "@/components/dashboard/action-result";
import type { DocumentDraft, SaveDocumentDraftBody } from "@/lib/api/builder";
import { badId, isId, runAction } from "../../../_lib/run-action";

/** Saves the builder's changes to the draft. */
export async function saveDraftAction(id: string, body: SaveDocumentDraftBody): Promise<ActionResult<DocumentDraft>> {
  if (!isId(id)) return badId();
  return runAction(async (api) => (await api.saveDocumentDraft(id, body)).document);
}

/** Saves, then sends: draft → pending with every effect of send_document. */
export async function sendDraftAction(id: string, body: SaveDocumentDraftBody): Promise<ActionResult<DocumentDraft>> {
  if (!isId(id)) return badId();
  return runAction(async (api) => {
    await api.saveDocumentDraft(id, body);
    return (await api.sendDraft(id)).document;
  });
}

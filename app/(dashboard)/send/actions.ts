"use server";

import type { ActionResult } from "@/components/dashboard/action-result";
import { badId, isId, runAction } from "../_lib/run-action";

// Server actions of the one-off upload wizard. The browser uploads the file
// itself (straight to the signed upload address); these make the two API
// calls around it with the user's token, which never leaves the server.

export type CreatedSendingRequest = { id: string; upload_url: string };

export async function createSendingRequestAction(body: unknown): Promise<ActionResult<CreatedSendingRequest>> {
  return runAction(async (api) => {
    const { sending_request: r } = await api.createSendingRequest(body);
    if (!r.upload_url) throw new Error("the API answered a sending request without an upload_url");
    return { id: r.id, upload_url: r.upload_url };
  });
}

/** `url` is set when the document is prepared first (prepare_document=true): the page that follows processing. */
export type UploadedAnswer = { url: string | null; status: string | null };

export async function markUploadedAction(id: string, prepare: boolean): Promise<ActionResult<UploadedAnswer>> {
  if (!isId(id)) return badId();
  return runAction(async (api) => {
    const answer = await api.markUploaded(id, prepare === true);
    return "url" in answer ? { url: answer.url, status: null } : { url: null, status: answer.status };
  });
}

"use server";

import { refresh } from "next/cache";
import type { ActionResult } from "@/components/dashboard/action-result";
import { voidDocumentForm } from "@/lib/api/void-document";
import { badId, isId, runAction } from "../../_lib/run-action";
import { editRecipientBody, type EditedRecipient } from "@/lib/api/document-actions";
import { apiErrors } from "@/lib/api/errors";

// The document detail page's mutations. Each passes its input to the API
// unchanged (after a type check: actions are public endpoints), so what the
// user sees on a refusal is the API's own message; on success the page's
// server components are re-rendered (audits, reminder count, state).

const isTags = (v: unknown): v is Record<string, string | null> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => x === null || typeof x === "string");

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

async function andRefresh<T>(result: Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  const r = await result;
  if (r.ok) refresh();
  return r;
}

export async function remindSigner(documentId: string, signerId: string): Promise<ActionResult<{ status: string }>> {
  if (!isId(documentId) || !isId(signerId)) return badId();
  return andRefresh(runAction(async (api) => (await api.sendReminder(signerId)).reminder, "reminder"));
}

export async function saveTags(documentId: string, tags: unknown): Promise<ActionResult<Record<string, string | null>>> {
  if (!isId(documentId)) return badId();
  if (!isTags(tags)) return { ok: false, field: "tags", error: "Tags must be names with text values." };
  return andRefresh(runAction(async (api) => (await api.updateDocumentTags(documentId, tags)).document.tags, "tags"));
}

export async function saveShareList(documentId: string, sharedWith: unknown): Promise<ActionResult<string[]>> {
  if (!isId(documentId)) return badId();
  if (!isStringList(sharedWith)) return { ok: false, field: "shared_with", error: "The share list must be e-mail addresses." };
  return andRefresh(runAction(async (api) => (await api.shareDocument(documentId, sharedWith)).document.shared_with, "shared_with"));
}

export async function setPin(documentId: string, pin: unknown): Promise<ActionResult<{ enabled: boolean }>> {
  if (!isId(documentId)) return badId();
  if (typeof pin !== "string") return { ok: false, field: "pin", error: "Enter the PIN as digits." };
  return andRefresh(runAction(async (api) => ({ enabled: (await api.updateDocumentPin(documentId, pin)).document.passcode_pin_enabled }), "pin"));
}

/** The dashboard asks why (voidDocumentForm: required here, optional in the API); the signers are e-mailed it. */
export async function voidDocument(documentId: string, reason: unknown): Promise<ActionResult<{ status: string }>> {
  if (!isId(documentId)) return badId();
  const parsed = voidDocumentForm.safeParse({ reason });
  if (!parsed.success) return { ok: false, field: "reason", error: parsed.error.issues[0]?.message ?? "Say why you void the document." };
  return andRefresh(runAction(async (api) => (await api.voidDocument(documentId, parsed.data.reason)).document, "void"));
}

/** Read by the delivery log's polling (react-query calls it as its query function). */
export async function loadDeliveries(documentId: string) {
  if (!isId(documentId)) return badId<never>();
  return runAction(async (api) => (await api.listDocumentCallbacks(documentId)).deliveries);
}

export async function redeliver(documentId: string, deliveryId: string): Promise<ActionResult<null>> {
  if (!isId(documentId) || !isId(deliveryId)) return badId();
  return runAction(async (api) => {
    await api.redeliverCallback(deliveryId);
    return null;
  }, "redeliver");
}

// ---------------------------------------------------------------- acting on a document (/ext)

/**
 * The words a sender reads when one of these actions is refused: the API's
 * catalog entries (compared by the catalog's own text, never free text) and
 * the reason of a 422 without its "Bad input parameter. x:" prefix.
 */
function humane<T>(r: ActionResult<T>): ActionResult<T> {
  if (r.ok) return r;
  const known: Record<string, string> = {
    [apiErrors.documentNotPending.message]: "This document is no longer waiting for signatures. Reload the page to see where it stands.",
    [apiErrors.notDocumentSender.message]: "Only the person who sent this document can do that.",
    [apiErrors.documentNotFound.message]: "This document no longer exists.",
    [apiErrors.documentLimitReached.message]: "Your plan's document limit is reached, so no new draft can be made.",
    [apiErrors.accountNotEnabled.message]: "Your account is not enabled for sending.",
  };
  const reason = /^Bad input parameter\. [\w[\]]+: (.*)$/s.exec(r.error)?.[1];
  const text = known[r.error] ?? (reason ? reason.charAt(0).toUpperCase() + reason.slice(1) : r.error);
  return { ...r, error: text };
}

/** A pending recipient's new name and address: the old link stops working and a new invitation goes out. */
export async function editRecipient(documentId: string, recipientId: string, input: unknown): Promise<ActionResult<EditedRecipient>> {
  if (!isId(documentId) || !isId(recipientId)) return badId();
  const parsed = editRecipientBody.safeParse(input);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "name");
    return { ok: false, field, error: field === "email" ? "Enter an e-mail address such as name@example.com." : "Enter the signer's name (up to 200 characters)." };
  }
  return humane(await andRefresh(runAction(async (api) => (await api.editRecipient(documentId, recipientId, parsed.data)).recipient, "recipient")));
}

/** "Correct and resend": answers the new draft's id (the browser then opens it in the builder). */
export async function correctDocument(documentId: string): Promise<ActionResult<{ id: string }>> {
  if (!isId(documentId)) return badId();
  return humane(await runAction(async (api) => ({ id: (await api.correctDocument(documentId)).document.id }), "correct"));
}

export async function deleteDraft(documentId: string): Promise<ActionResult<null>> {
  if (!isId(documentId)) return badId();
  return humane(
    await runAction(async (api) => {
      await api.deleteDraft(documentId);
      return null;
    }, "delete"),
  );
}

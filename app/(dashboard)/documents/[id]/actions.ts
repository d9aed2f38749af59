"use server";

import { refresh } from "next/cache";
import type { ActionResult } from "@/components/dashboard/action-result";
import { badId, isId, runAction } from "../../_lib/run-action";

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

export async function voidDocument(documentId: string): Promise<ActionResult<{ status: string }>> {
  if (!isId(documentId)) return badId();
  return andRefresh(runAction(async (api) => (await api.voidDocument(documentId)).document, "void"));
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

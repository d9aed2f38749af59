"use server";

import { refresh } from "next/cache";
import type { ActionResult } from "@/components/dashboard/action-result";
import { bulkIds, bulkTagChange, type BulkOutcome } from "@/components/documents/bulk-contracts";
import { currentSigners, namesOf } from "@/components/documents/current-signers";
import { documentStateLabel } from "@/components/documents/state-badge";
import { humanApiMessage } from "@/components/sending/api-error-field";
import { voidDocumentForm } from "@/lib/api/void-document";
import { ApiClientError, type ApiClient } from "@/lib/api-client/client";
import type { DocumentResource } from "@/lib/api/documents";
import { runAction } from "../_lib/run-action";

// The documents list's row and bulk actions. Each document is one or two calls
// of the public API (the same the detail page makes), so the API's rules and
// audit trail apply unchanged; a refusal of one document does not stop the
// others, and every document answers with what happened to it, in words.

type Step = (api: ApiClient, doc: DocumentResource) => Promise<Omit<BulkOutcome, "id" | "name">>;

const failed = (err: unknown): Omit<BulkOutcome, "id" | "name"> => {
  if (err instanceof ApiClientError) return { result: "failed", message: humanApiMessage(err.message) };
  console.error("[dashboard] bulk action failed", err);
  return { result: "failed", message: "Something went wrong on our side. Please try again." };
};

/** Runs `step` on each document (a few at a time, in the order given), reading each first. */
async function forEachDocument(ids: unknown, step: Step): Promise<ActionResult<BulkOutcome[]>> {
  const parsed = bulkIds.safeParse(ids);
  if (!parsed.success) return { ok: false, status: 422, error: parsed.error.issues[0]!.message };
  const unique = [...new Set(parsed.data)];
  const result = await runAction(async (api) => {
    const out: BulkOutcome[] = new Array(unique.length);
    let next = 0;
    const worker = async () => {
      while (next < unique.length) {
        const i = next++;
        const id = unique[i]!;
        let doc: DocumentResource;
        try {
          doc = (await api.getDocument(id)).document;
        } catch (err) {
          out[i] = { id, name: "A document", ...failed(err) };
          continue;
        }
        try {
          out[i] = { id, name: doc.name, ...(await step(api, doc)) };
        } catch (err) {
          out[i] = { id, name: doc.name, ...failed(err) };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, unique.length) }, worker));
    return out;
  });
  if (result.ok && result.data.some((o) => o.result === "done")) refresh();
  return result;
}

/** Reminds whoever each pending document waits for (sender only; the API counts the 30 per document). */
export async function remindDocuments(ids: unknown): Promise<ActionResult<BulkOutcome[]>> {
  return forEachDocument(ids, async (api, doc) => {
    if (doc.state !== "pending") return { result: "skipped", message: `It is ${documentStateLabel(doc.state).toLowerCase()}: only documents waiting for signatures get reminders.` };
    const signers = currentSigners(doc).filter((r) => r.email);
    if (!signers.length) return { result: "skipped", message: "Nobody whose turn it is has an e-mail address." };
    for (const r of signers) await api.sendReminder(r.id);
    return { result: "done", message: `Reminder sent to ${namesOf(signers)}.` };
  });
}

/** Voids each document with the one reason given (told to its signers). */
export async function voidDocuments(ids: unknown, reason: unknown): Promise<ActionResult<BulkOutcome[]>> {
  const form = voidDocumentForm.safeParse({ reason });
  if (!form.success) return { ok: false, status: 422, field: "reason", error: form.error.issues[0]!.message };
  return forEachDocument(ids, async (api, doc) => {
    if (doc.state !== "pending" && doc.state !== "draft") {
      return { result: "skipped", message: `It is ${documentStateLabel(doc.state).toLowerCase()}: only drafts and documents waiting for signatures can be voided.` };
    }
    await api.voidDocument(doc.id, form.data.reason);
    return { result: "done", message: "Voided." };
  });
}

/** Adds or removes one tag on each document, keeping its other tags (update_tags replaces them all). */
export async function tagDocuments(ids: unknown, change: unknown): Promise<ActionResult<BulkOutcome[]>> {
  const parsed = bulkTagChange.safeParse(change);
  if (!parsed.success) return { ok: false, status: 422, field: String(parsed.error.issues[0]!.path[0] ?? "name"), error: parsed.error.issues[0]!.message };
  const { action, name, value } = parsed.data;
  return forEachDocument(ids, async (api, doc) => {
    const tags = { ...doc.tags };
    if (action === "remove") {
      if (!(name in tags)) return { result: "skipped", message: `It has no tag “${name}”.` };
      delete tags[name];
    } else {
      if (name in tags && (tags[name] ?? "") === (value ?? "")) return { result: "skipped", message: `It already has this tag.` };
      tags[name] = value ? value : null;
    }
    await api.updateDocumentTags(doc.id, tags);
    return { result: "done", message: action === "add" ? "Tag added." : "Tag removed." };
  });
}

"use server";

import { refresh } from "next/cache";
import { apiErrors } from "@/lib/api/errors";
import {
  changePasswordBody,
  SAVED_SIGNATURE_KINDS,
  saveSignatureBody,
  updateProfileBody,
  type Profile,
  type SavedSignatureKind,
} from "@/lib/api/profile";
import type { ActionResult } from "@/components/dashboard/action-result";
import { runAction } from "../_lib/run-action";

// Profile mutations. Input is checked with the API's own schemas first (a
// server action is a public endpoint), so the API's 422 is rare; when it
// comes, its "Bad input parameter. field: " prefix is taken off and the
// sentence after it, written for people, goes under that field.

function humane<T>(r: ActionResult<T>): ActionResult<T> {
  if (r.ok) return r;
  if (r.status === 413) return { ...r, field: "image", error: "That image is too large to save. Try a smaller one." };
  if (r.error.startsWith(apiErrors.badInput.message)) {
    const m = /^Bad input parameter\. ([a-z_]+): (.*)$/s.exec(r.error);
    if (m) return { ...r, field: m[1], error: m[2]! };
    return { ...r, error: "Something in the form is not right. Check the fields and try again." };
  }
  return r;
}

function invalid<T>(issues: { path: PropertyKey[]; message: string }[]): ActionResult<T> {
  const first = issues[0];
  return { ok: false, status: 422, error: first?.message ?? "Check the form and try again.", field: first ? String(first.path[0] ?? "") : undefined };
}

export async function updateProfile(input: unknown): Promise<ActionResult<Profile>> {
  const parsed = updateProfileBody.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const r = humane(await runAction(async (api) => (await api.updateProfile(parsed.data)).profile));
  // Every date on every screen follows the new zone: the layout (which reads it) renders again.
  if (r.ok) refresh();
  return r;
}

export async function changePassword(input: unknown): Promise<ActionResult<{ other_sessions_ended: number }>> {
  const parsed = changePasswordBody.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  return humane(await runAction(async (api) => ({ other_sessions_ended: (await api.changePassword(parsed.data)).other_sessions_ended })));
}

export async function saveSignatureImage(kind: SavedSignatureKind, input: unknown): Promise<ActionResult<Profile>> {
  if (!SAVED_SIGNATURE_KINDS.includes(kind)) return { ok: false, status: 422, error: "That kind of signature does not exist." };
  const parsed = saveSignatureBody.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const r = humane(await runAction(async (api) => (await api.saveSignatureImage(kind, parsed.data.image)).profile));
  if (r.ok) refresh();
  return r;
}

export async function removeSignatureImage(kind: SavedSignatureKind): Promise<ActionResult<Profile>> {
  if (!SAVED_SIGNATURE_KINDS.includes(kind)) return { ok: false, status: 422, error: "That kind of signature does not exist." };
  const r = humane(await runAction(async (api) => (await api.removeSignatureImage(kind)).profile));
  if (r.ok) refresh();
  return r;
}

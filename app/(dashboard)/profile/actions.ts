"use server";

import { refresh } from "next/cache";
import { ApiClientError, type ApiClient } from "@/lib/api-client/client";
import {
  changePasswordBody,
  SAVED_SIGNATURE_KINDS,
  saveSignatureBody,
  updateProfileBody,
  type Profile,
  type SavedSignatureKind,
} from "@/lib/api/profile";
import { getDashboardSession } from "@/lib/server/dashboard/current-session";
import type { ActionResult } from "@/components/dashboard/action-result";
import { humanApiMessage } from "@/components/sending/api-error-field";
import { SIGNED_OUT_MESSAGE } from "../_lib/run-action";
import { forgetViewerTimeZone } from "../_lib/time-zone";

// Profile mutations. Input is checked with the API's own schemas first (a
// server action is a public endpoint), so the API's 422 is rare. The
// /ext/profile endpoints write their refusals as sentences for people
// (lib/api/profile.ts): only the "Bad input parameter. <field>: " prefix
// comes off, and the sentence goes under that field; any other refusal is
// worded by the dashboard's one mapping (api-error-field.ts).

async function call<T>(fn: (api: ApiClient) => Promise<T>): Promise<ActionResult<T>> {
  const session = await getDashboardSession();
  if (!session) return { ok: false, status: 401, error: SIGNED_OUT_MESSAGE };
  try {
    return { ok: true, data: await fn(session.api) };
  } catch (err) {
    if (!(err instanceof ApiClientError)) {
      console.error("[dashboard] profile action failed", err);
      return { ok: false, status: 500, error: "Something went wrong on our side. Please try again." };
    }
    if (err.status === 413) return { ok: false, status: 413, field: "image", error: "That image is too large to save. Try a smaller one." };
    const m = /^Bad input parameter\. ([a-z_]+): (.*)$/s.exec(err.message);
    if (m) return { ok: false, status: err.status, field: m[1], error: m[2]! };
    return { ok: false, status: err.status, error: humanApiMessage(err.message) };
  }
}

function invalid<T>(issues: { path: PropertyKey[]; message: string }[]): ActionResult<T> {
  const first = issues[0];
  return { ok: false, status: 422, error: first?.message ?? "Check the form and try again.", field: first ? String(first.path[0] ?? "") : undefined };
}

export async function updateProfile(input: unknown): Promise<ActionResult<Profile>> {
  const parsed = updateProfileBody.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const r = (await call(async (api) => (await api.updateProfile(parsed.data)).profile));
  // Every date on every screen follows the new zone: the layout (which reads it) renders again, without the cached zone.
  if (r.ok) {
    const session = await getDashboardSession();
    if (session) forgetViewerTimeZone(session);
    refresh();
  }
  return r;
}

export async function changePassword(input: unknown): Promise<ActionResult<{ other_sessions_ended: number }>> {
  const parsed = changePasswordBody.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  return (await call(async (api) => ({ other_sessions_ended: (await api.changePassword(parsed.data)).other_sessions_ended })));
}

export async function saveSignatureImage(kind: SavedSignatureKind, input: unknown): Promise<ActionResult<Profile>> {
  if (!SAVED_SIGNATURE_KINDS.includes(kind)) return { ok: false, status: 422, error: "That kind of signature does not exist." };
  const parsed = saveSignatureBody.safeParse(input);
  if (!parsed.success) return invalid(parsed.error.issues);
  const r = (await call(async (api) => (await api.saveSignatureImage(kind, parsed.data.image)).profile));
  if (r.ok) refresh();
  return r;
}

export async function removeSignatureImage(kind: SavedSignatureKind): Promise<ActionResult<Profile>> {
  if (!SAVED_SIGNATURE_KINDS.includes(kind)) return { ok: false, status: 422, error: "That kind of signature does not exist." };
  const r = (await call(async (api) => (await api.removeSignatureImage(kind)).profile));
  if (r.ok) refresh();
  return r;
}

"use server";

import { refresh } from "next/cache";
import type { Application } from "@/lib/api/ext";
import type { ApiToken } from "@/lib/api/api-tokens";
import { notificationSettingsSchema, type NotificationSettings } from "@/lib/api/notification-settings";
import type { ActionResult } from "@/components/dashboard/action-result";
import { badId, isId, runAction } from "../_lib/run-action";

// Settings mutations. The application body goes to the API as given (it
// validates with createApplicationBody and answers the spec's message);
// successful changes re-render the page's server components.

export async function createApplication(body: { name: string; redirect_uri: string }): Promise<ActionResult<Application>> {
  if (typeof body?.name !== "string" || typeof body?.redirect_uri !== "string") {
    return { ok: false, error: "Enter a name and a redirect URI." };
  }
  const r = await runAction(async (api) => (await api.createApplication({ name: body.name, redirect_uri: body.redirect_uri })).application);
  if (r.ok) refresh();
  return r;
}

export async function deleteApplication(id: string): Promise<ActionResult<null>> {
  if (!isId(id)) return badId();
  const r = await runAction(async (api) => {
    await api.deleteApplication(id);
    return null;
  });
  if (r.ok) refresh();
  return r;
}

/** The secret is not on the page until asked for: revealing and copying fetch it. */
export async function revealCallbackSecret(): Promise<ActionResult<string>> {
  return runAction(async (api) => (await api.getCallbackSecret()).callback_secret);
}

export async function rotateCallbackSecret(): Promise<ActionResult<string>> {
  return runAction(async (api) => (await api.rotateCallbackSecret()).callback_secret);
}

/** The token is in this answer only (the API stores its hash); the panel shows it once. */
export async function createApiToken(body: { name: string; scope?: string }): Promise<ActionResult<ApiToken>> {
  if (typeof body?.name !== "string" || (body.scope !== undefined && typeof body.scope !== "string")) {
    return { ok: false, error: "Enter a name for the token." };
  }
  const r = await runAction(async (api) => (await api.createApiToken({ name: body.name, scope: body.scope })).api_token);
  if (r.ok) refresh();
  return r;
}

export async function revokeApiToken(id: string): Promise<ActionResult<null>> {
  if (!isId(id)) return badId();
  const r = await runAction(async (api) => {
    await api.revokeApiToken(id);
    return null;
  });
  if (r.ok) refresh();
  return r;
}

/** The "Notifications" section: checked with the API's own schema before it goes there. */
export async function saveNotificationSettings(input: unknown): Promise<ActionResult<NotificationSettings>> {
  const parsed = notificationSettingsSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "Choose on or off for each notice." };
  const r = await runAction(async (api) => (await api.updateNotificationSettings(parsed.data)).notification_settings);
  if (r.ok) refresh();
  return r;
}

import "server-only";
import { NOTIFICATION_EVENTS, type NotificationEvent, type NotificationSettings } from "@/lib/api/notification-settings";

/**
 * The one place the defaults live. Every notice is on until the user turns
 * it off: a sender who never opened the settings still hears that a
 * document was viewed, signed, completed, declined or expired (what the
 * users of DocuSign and Dropbox Sign are used to). `users.notification_settings`
 * stores only what the user changed, so a default changed here reaches
 * everyone who left it alone.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  viewed: true,
  signed: true,
  completed: true,
  declined: true,
  expired: true,
};

/** The stored choices over the defaults; keys the service no longer knows are dropped. */
export function resolveNotificationSettings(stored: Record<string, unknown> | null | undefined): NotificationSettings {
  const out = { ...DEFAULT_NOTIFICATION_SETTINGS };
  for (const key of NOTIFICATION_EVENTS) {
    const v = stored?.[key];
    if (typeof v === "boolean") out[key] = v;
  }
  return out;
}

export const wantsNotification = (stored: Record<string, unknown> | null | undefined, event: NotificationEvent) =>
  resolveNotificationSettings(stored)[event];

import { z } from "zod";

// Which e-mails a sender gets about their documents (docs/api-decisions.md,
// "Notifications"). The contract of GET/PUT /ext/notification_settings and of
// the settings page's form; the defaults live on the server
// (lib/server/notifications/notification-settings.ts).

export const NOTIFICATION_EVENTS = ["viewed", "signed", "completed", "declined", "expired"] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

const flag = z.boolean({ error: "must be true or false." });

export const notificationSettingsSchema = z.object({
  viewed: flag,
  signed: flag,
  completed: flag,
  declined: flag,
  expired: flag,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT body: any of the keys (the others keep their value); an unknown key is a 422 rather than silently ignored. */
export const updateNotificationSettingsBody = z.object({
  notification_settings: notificationSettingsSchema.partial().strict(),
});
export type UpdateNotificationSettingsBody = z.infer<typeof updateNotificationSettingsBody>;

export const notificationSettingsEnvelope = z.object({ notification_settings: notificationSettingsSchema });

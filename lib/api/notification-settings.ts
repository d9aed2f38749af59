import { z } from "zod";

// Which e-mails a sender gets about their documents (docs/api-decisions.md,
// "Notifications"). The contract of GET/PUT /ext/notification_settings and of
// the settings page's form; the defaults live on the server
// (lib/server/notifications/notification-settings.ts).

export { NOTIFICATION_EVENTS, type NotificationEvent } from "./notification-events";

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

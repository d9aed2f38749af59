/** The e-mails a sender can turn on or off. Apart from notification-settings.ts (zod) so browser code can read them without zod. */
export const NOTIFICATION_EVENTS = ["viewed", "signed", "completed", "declined", "expired"] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

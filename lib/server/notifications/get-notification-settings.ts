import "server-only";
import type { users } from "@/lib/server/db/schema";
import { resolveNotificationSettings } from "./notification-settings";

/** The caller's own settings, defaults filled in (the route's user row is already fresh). */
export function getNotificationSettings(user: Pick<typeof users.$inferSelect, "notificationSettings">) {
  return resolveNotificationSettings(user.notificationSettings);
}

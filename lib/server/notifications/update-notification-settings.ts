import "server-only";
import { eq, sql } from "drizzle-orm";
import type { NotificationSettings } from "@/lib/api/notification-settings";
import type { Db } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";
import { invalidateAuthCache } from "@/lib/server/auth-cache/invalidate";
import { resolveNotificationSettings } from "./notification-settings";

/**
 * Changes only the keys given, merged into the stored object in the UPDATE
 * itself (jsonb `||`), so two tabs saving different switches at once both
 * keep their change. Only the caller's own row is touched.
 */
export async function updateNotificationSettings(db: Db, userId: string, changes: Partial<NotificationSettings>) {
  const [row] = await db
    .update(users)
    .set({ notificationSettings: sql`${users.notificationSettings} || ${JSON.stringify(changes)}::jsonb` })
    .where(eq(users.id, userId))
    .returning({ notificationSettings: users.notificationSettings });
  // The cached token owner's user row carries the settings (GET /ext/notification_settings reads them there).
  await invalidateAuthCache(db, { userId });
  return resolveNotificationSettings(row?.notificationSettings);
}

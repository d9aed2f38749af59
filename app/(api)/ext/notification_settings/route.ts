import { updateNotificationSettingsBody } from "@/lib/api/notification-settings";
import { extRoute } from "@/lib/server/http/ext-route";
import { parseOrThrow } from "@/lib/server/http/parse";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { getNotificationSettings } from "@/lib/server/notifications/get-notification-settings";
import { updateNotificationSettings } from "@/lib/server/notifications/update-notification-settings";

/** The caller's own e-mail notices as a sender (docs/api-decisions.md, "Notifications"). */
export const GET = extRoute({
  scope: "read",
  handler: async ({ auth }) => ({ notification_settings: getNotificationSettings(auth.user) }),
});

/** Changes the keys given; the others keep their value. */
export const PUT = extRoute({
  scope: "write",
  handler: async ({ db, auth, body }) => {
    const { notification_settings } = parseOrThrow(updateNotificationSettingsBody, body);
    return { notification_settings: await updateNotificationSettings(db, auth.user.id, notification_settings) };
  },
});

// Other methods: a JSON 405 with Allow (Next.js alone answers an empty one).
const otherMethods = methodNotAllowed("GET", "PUT");
export { otherMethods as POST, otherMethods as PATCH, otherMethods as DELETE, otherMethods as OPTIONS };

import "server-only";
import { cache } from "react";
import type { DashboardSession } from "@/lib/server/dashboard/current-session";
import { perUserCache } from "@/lib/server/dashboard/per-user-cache";

// Asked on every dashboard page load (the layout); changed only on the Profile page, which
// forgets it (forgetViewerTimeZone), so a minute's cache costs nothing and saves a GET /me each time.
const zones = perUserCache<string | null>(60_000);

/**
 * The signed-in user's time zone as the API knows it (GET /me), once per
 * request; null when none is chosen or the API cannot say (dates then show
 * in UTC, labelled so — never an error page for a label).
 */
export const getViewerTimeZone = cache(async (session: DashboardSession | null): Promise<string | null> => {
  if (!session) return null;
  try {
    return await zones.get(session.userId, async () => (await session.api.me()).user.timezone);
  } catch {
    return null;
  }
});

/** After the Profile page saved the user's settings. */
export function forgetViewerTimeZone(session: DashboardSession) {
  zones.forget(session.userId);
}

import "server-only";
import { cache } from "react";
import type { DashboardSession } from "@/lib/server/dashboard/current-session";

/**
 * The signed-in user's time zone as the API knows it (GET /me), once per
 * request; null when none is chosen or the API cannot say (dates then show
 * in UTC, labelled so — never an error page for a label).
 */
export const getViewerTimeZone = cache(async (session: DashboardSession | null): Promise<string | null> => {
  if (!session) return null;
  try {
    return (await session.api.me()).user.timezone;
  } catch {
    return null;
  }
});

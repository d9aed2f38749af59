import type { ReactNode } from "react";
import { getDashboardSession } from "@/lib/server/dashboard/current-session";
import { DashboardHeader } from "@/components/dashboard/dashboard-header";
import { Providers } from "@/components/providers";
import { TimeZoneProvider } from "@/components/dashboard/time-zone";
import { getViewerTimeZone } from "./_lib/time-zone";

/**
 * The frame of every sender screen. Each page calls requireDashboardSession
 * with its own address (so sign-in returns there); the layout only decides
 * whether to show the signed-in chrome.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await getDashboardSession();
  // Every date below is shown in the user's time zone (Profile); UTC until one is chosen.
  const zone = await getViewerTimeZone(session);
  return (
    <Providers>
      <TimeZoneProvider zone={zone}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:shadow"
      >
        Skip to content
      </a>
      {session ? <DashboardHeader user={session.user} /> : null}
      <main id="main" tabIndex={-1} className="mx-auto w-full min-w-0 max-w-6xl px-4 py-6 outline-none [overflow-wrap:anywhere] sm:px-6 sm:py-8">
        {children}
      </main>
      </TimeZoneProvider>
    </Providers>
  );
}

"use client";

import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime } from "./format";

const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/**
 * The signed-in user's time zone (Profile) for every date the dashboard
 * shows. Set once by the dashboard layout, so components need no prop for it.
 */
export function TimeZoneProvider({ zone, children }: { zone: string | null; children: ReactNode }) {
  return <TimeZoneContext.Provider value={zone || DEFAULT_TIME_ZONE}>{children}</TimeZoneContext.Provider>;
}

/** For client components that need the text itself: `formatDateTime(iso, "—", useTimeZone())`. */
export const useTimeZone = () => useContext(TimeZoneContext);

/**
 * A date (with time unless `dateOnly`) in the viewer's zone, usable in server
 * and client components alike. The machine-readable instant is in dateTime.
 */
export function DateTime({ value, empty = "—", dateOnly = false }: { value: string | null | undefined; empty?: string; dateOnly?: boolean }) {
  const zone = useTimeZone();
  const text = dateOnly ? formatDate(value, empty, zone) : formatDateTime(value, empty, zone);
  if (!value || text === empty) return <>{text}</>;
  // Chromium's and Node's ICU may name a zone differently ("GMT+9"): the server's text stands.
  return (
    <time dateTime={value} suppressHydrationWarning>
      {text}
    </time>
  );
}

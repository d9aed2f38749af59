// Dates are rendered in the viewer's time zone (Profile; UTC until one is
// chosen) and always say which zone they are in: "26 Nov 2026, 09:15 GMT+9".
// The zone is passed explicitly, never taken from the machine: the server
// and the browser must write the same text (no hydration mismatch), and a
// server's own zone would be an arbitrary one for the reader. Components
// take it from the TimeZoneProvider of the dashboard layout (time-zone.tsx:
// <DateTime> or useTimeZone()).

export const DEFAULT_TIME_ZONE = "UTC";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: "dateTime" | "date", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === "dateTime"
        ? { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" }
        : { day: "numeric", month: "short", year: "numeric" };
    try {
      f = new Intl.DateTimeFormat("en-GB", { ...options, timeZone });
    } catch {
      // A zone this runtime does not know (stored by an older one): UTC, which the label then says.
      f = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: DEFAULT_TIME_ZONE });
    }
    formatters.set(key, f);
  }
  return f;
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "26 Nov 2026, 09:15 UTC" (the zone's short name or offset last). */
export function formatDateTime(iso: string | null | undefined, empty = "—", timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = parse(iso);
  return d ? formatter("dateTime", timeZone).format(d) : empty;
}

/** "26 Nov 2026", the day as it is in the zone. */
export function formatDate(iso: string | null | undefined, empty = "—", timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = parse(iso);
  return d ? formatter("date", timeZone).format(d) : empty;
}

// Dates are rendered on the server, so they are written in UTC and say so:
// a server's own time zone would be an arbitrary one for the reader.
const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});
const dateOnly = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDateTime(iso: string | null | undefined, empty = "—"): string {
  const d = parse(iso);
  return d ? `${dateTime.format(d)} UTC` : empty;
}

export function formatDate(iso: string | null | undefined, empty = "—"): string {
  const d = parse(iso);
  return d ? dateOnly.format(d) : empty;
}

/** Spec conventions: ISO 8601 with a numeric UTC offset and milliseconds, e.g. 2026-11-21T14:22:59.123+00:00. */
export const apiTime = (d: Date) => d.toISOString().replace(/Z$/, "+00:00");

export const apiTimeOrNull = (d: Date | null | undefined) => (d ? apiTime(d) : null);

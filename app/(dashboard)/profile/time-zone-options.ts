import "server-only";
import type { ZoneOption } from "@/components/profile/profile-form";

let cached: { at: number; options: ZoneOption[] } | null = null;

/**
 * Every IANA zone this server knows, labelled with its offset now
 * ("Asia/Tokyo (GMT+9)"). Offsets move with daylight saving, so the list is
 * made again after an hour.
 */
export function timeZoneOptions(current: string | null): ZoneOption[] {
  const now = Date.now();
  if (!cached || now - cached.at > 3600_000) {
    const zones = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")];
    cached = { at: now, options: zones.map((z) => ({ value: z, label: `${z.replaceAll("_", " ")} (${offsetOf(z, new Date(now))})` })) };
  }
  // A zone saved under another name (an alias) is offered as it is saved.
  if (current && !cached.options.some((o) => o.value === current)) return [{ value: current, label: current }, ...cached.options];
  return cached.options;
}

function offsetOf(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName");
  return part?.value === "GMT" ? "GMT+0" : (part?.value ?? "");
}

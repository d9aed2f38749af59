import { Badge, type BadgeTone } from "@/components/ui/badge";

const tones: Record<string, BadgeTone> = {
  draft: "neutral",
  pending: "info",
  executed: "success",
  voided: "muted",
  expired: "warning",
  declined: "danger",
  editing: "neutral",
  signed: "success",
};

/** A document's (or a recipient's) state as a labelled badge. */
export function StateBadge({ state }: { state: string }) {
  return <Badge tone={tones[state] ?? "neutral"}>{state}</Badge>;
}

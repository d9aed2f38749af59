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

/** What a sender calls each document state (the API's words are for machines). */
const documentLabels: Record<string, string> = {
  draft: "Draft",
  pending: "Waiting for signatures",
  executed: "Completed",
  declined: "Declined",
  voided: "Voided",
  expired: "Expired",
  editing: "Being edited",
};

/** A document state in words; an unknown one (a newer API) as the API wrote it. */
export const documentStateLabel = (state: string) => documentLabels[state] ?? state;

/** A document's (or a recipient's) state as a labelled badge, in the API's word. */
export function StateBadge({ state }: { state: string }) {
  return <Badge tone={tones[state] ?? "neutral"}>{state}</Badge>;
}

/** A document's state as a badge in words a sender uses ("Waiting for signatures", "Completed"). */
export function DocumentStateBadge({ state }: { state: string }) {
  return <Badge tone={tones[state] ?? "neutral"}>{documentStateLabel(state)}</Badge>;
}

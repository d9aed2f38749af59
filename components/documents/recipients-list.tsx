import type { DocumentResource } from "@/lib/api/documents";
import type { ActionResult } from "@/components/dashboard/action-result";
import { RemindButton } from "./remind-button";
import { reminderBlockedReason } from "./reminder-rules";
import { StateBadge } from "./state-badge";

/**
 * The recipients in signing order (an ordered list: the order is the
 * sequence), their status, and a reminder action each. Rows stack on a phone.
 */
export function RecipientsList({
  doc,
  isSender,
  left,
  sequential,
  remindAction,
}: {
  doc: DocumentResource;
  isSender: boolean;
  left: number;
  /** Whether signers sign in turn; null when unknown (then the turn is assumed to matter). */
  sequential: boolean | null;
  remindAction: (signerId: string) => Promise<ActionResult<{ status: string }>>;
}) {
  if (doc.recipients.length === 0) return <p className="text-sm text-slate-600">No recipients.</p>;
  const ordered = [...doc.recipients].sort((a, b) => a.sequence - b.sequence);
  return (
    <ol className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
      {ordered.map((r) => (
        <li key={r.id} data-testid="recipient-row" className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 gap-3">
            {/* The API numbers from 0; people count from 1. */}
            {/* (a plain span cannot carry a name: the number is read as "Signer n" through hidden text) */}
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700">
              <span aria-hidden="true">{r.sequence + 1}</span>
              <span className="sr-only">Signer {r.sequence + 1}</span>
            </span>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{r.name || "(no name)"}</span>
                <StateBadge state={r.status} />
                {doc.current_signer_id === r.id && doc.state === "pending" ? <span className="text-xs font-medium text-brand-700">their turn</span> : null}
              </p>
              <p className="text-sm text-slate-600">{r.role_name}</p>
              <p className="break-all text-sm text-slate-600">{r.email ?? "No e-mail address"}</p>
            </div>
          </div>
          <div className="sm:max-w-56 sm:text-right">
            <RemindButton
              signerName={r.name || r.role_name}
              blockedReason={reminderBlockedReason(doc, r, { isSender, left, sequential })}
              remind={remindAction.bind(null, r.id)}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

import type { DocumentResource } from "@/lib/api/documents";
import type { DocumentOverview, EditedRecipient, EditRecipientBody } from "@/lib/api/document-actions";
import type { ActionResult } from "@/components/dashboard/action-result";
import { CopySigningLink } from "./copy-signing-link";
import { EditRecipientButton } from "./edit-recipient-button";
import { RemindButton } from "./remind-button";
import { reminderBlockedReason, type OfferedActions } from "./reminder-rules";
import { StateBadge } from "./state-badge";

type Recipient = DocumentResource["recipients"][number];
type Extra = DocumentOverview["recipients"][number];

/**
 * The recipients in signing order (an ordered list: the order is the
 * sequence), their status, why a signer declined, and the sender's actions
 * on each one still to sign: a reminder, their signing link, a new name or
 * address. Only actions that apply to the document's state are offered
 * (reminder-rules.ts). Rows stack on a phone.
 */
export function RecipientsList({
  doc,
  isSender,
  left,
  sequential,
  offered,
  extras,
  remindAction,
  editAction,
}: {
  doc: DocumentResource;
  isSender: boolean;
  left: number;
  /** Whether signers sign in turn; null when unknown (then the turn is assumed to matter). */
  sequential: boolean | null;
  offered: OfferedActions;
  /** The overview's per-recipient facts (decline reasons); empty when it could not be read. */
  extras: Extra[];
  remindAction: (signerId: string) => Promise<ActionResult<{ status: string }>>;
  editAction: (signerId: string, body: EditRecipientBody) => Promise<ActionResult<EditedRecipient>>;
}) {
  if (doc.recipients.length === 0) return <p className="text-sm text-slate-600">No recipients.</p>;
  const ordered = [...doc.recipients].sort((a, b) => a.sequence - b.sequence);
  const extraOf = new Map(extras.map((e) => [e.id, e]));
  return (
    <ol className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
      {ordered.map((r) => {
        const extra = extraOf.get(r.id);
        const stillToSign = r.status === "pending";
        const reason = r.status === "declined" ? extra?.decline_reason : null;
        return (
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
                  <span className="break-words font-medium">{r.name || "(no name)"}</span>
                  <StateBadge state={r.status} />
                  {doc.current_signer_id === r.id && doc.state === "pending" ? <span className="text-xs font-medium text-brand-700">their turn</span> : null}
                </p>
                <p className="text-sm text-slate-600">{r.role_name}</p>
                <p className="break-all text-sm text-slate-600">{r.email ?? "No e-mail address"}</p>
                {reason ? (
                  <p data-testid="decline-reason" className="mt-1 rounded-md bg-red-50 px-2 py-1 text-sm break-words text-red-800">
                    <span className="font-medium">Declined: </span>“{reason}”
                  </p>
                ) : null}
              </div>
            </div>
            {stillToSign && (offered.reminders || offered.copyLink || offered.editRecipient) ? (
              <div className="flex flex-wrap items-start gap-2 sm:max-w-64 sm:flex-col sm:items-end sm:text-right">
                {offered.reminders ? (
                  <RemindButton
                    signerName={r.name || r.role_name}
                    blockedReason={reminderBlockedReason(doc, r, { isSender, left, sequential })}
                    remind={remindAction.bind(null, r.id)}
                  />
                ) : null}
                {offered.copyLink && isWorkingLink(r) ? <CopySigningLink url={r.sign_url} signerName={r.name || r.role_name} /> : null}
                {offered.editRecipient && extra && !extra.is_sender ? <EditRecipientButton recipient={r} save={editAction.bind(null, r.id)} /> : null}
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The API hands a working link (with its access_token) only to the sender. */
const isWorkingLink = (r: Recipient) => URL.canParse(r.sign_url) && new URL(r.sign_url).searchParams.has("access_token");

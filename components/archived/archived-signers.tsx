import type { ArchivedDocument } from "@/lib/api/archived-document";
import { DateTime } from "@/components/dashboard/time-zone";
import { StateBadge } from "@/components/documents/state-badge";

/** The archived signers in signing order; each row stacks on a phone rather than scrolling sideways. */
export function ArchivedSigners({ signers }: { signers: ArchivedDocument["signers"] }) {
  if (signers.length === 0) return <p className="text-sm text-slate-600">No signers recorded.</p>;
  const ordered = [...signers].sort((a, b) => a.sequence - b.sequence);
  return (
    <ol className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
      {ordered.map((s, i) => (
        <li key={`${s.id}-${i}`} data-testid="archived-signer" className="grid gap-3 p-3 sm:grid-cols-[1fr_1fr]">
          <div className="flex min-w-0 gap-3">
            {/* (a plain span cannot carry a name: the number is read as "Signer n" through hidden text) */}
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700">
              <span aria-hidden="true">{s.sequence + 1}</span>
              <span className="sr-only">Signer {s.sequence + 1}</span>
            </span>
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{s.name || "(no name)"}</span>
                <StateBadge state={s.status} />
              </p>
              <p className="text-sm text-slate-600">{s.role_name}</p>
              <p className="break-all text-sm text-slate-600">{s.email}</p>
            </div>
          </div>
          <ul className="space-y-0.5 text-sm text-slate-700">
            <li>Viewed: <DateTime value={s.viewed_at} /></li>
            <li>Signed: <DateTime value={s.signed_at} /></li>
            <li>Reminders left: {s.reminders_remaining}</li>
            {s.message ? <li>Message: {s.message}</li> : null}
            {s.document_passcode_question ? <li>Passcode question: {s.document_passcode_question}</li> : null}
            {s["email_bounced?"] ? <li className="text-red-700">E-mail bounced</li> : null}
            {s.dismiss_reminders ? <li>Reminders dismissed</li> : null}
          </ul>
        </li>
      ))}
    </ol>
  );
}

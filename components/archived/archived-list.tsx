import Link from "next/link";
import type { ArchivedSummary } from "@/lib/api/archived-list";
import { DateTime } from "@/components/dashboard/time-zone";
import { StateBadge } from "@/components/documents/state-badge";

/** Archived records as cards (a card stacks on a phone; no table to scroll sideways). Each opens by its GUID. */
export function ArchivedList({ documents }: { documents: ArchivedSummary[] }) {
  return (
    <ul aria-label="Archived documents" className="divide-y divide-slate-100 rounded-lg bg-white ring-1 ring-slate-200">
      {documents.map((d) => (
        <li key={d.id} data-testid="archived-row" className="space-y-1 p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Link href={`/archived?guid=${encodeURIComponent(d.original_guid)}`} className="min-w-0 break-words font-medium text-brand-700 hover:underline">
              {d.name || "(no name)"}
            </Link>
            <StateBadge state={d.document_state} />
          </div>
          <p className="text-sm text-slate-700">
            {d.signers.length
              ? d.signers.map((s, i) => (
                  <span key={i}>
                    {i > 0 ? ", " : ""}
                    {s.name || s.email}
                    {s.name && s.email ? <span className="break-all text-slate-600"> ({s.email})</span> : null}
                  </span>
                ))
              : "No signers recorded"}
          </p>
          <p className="text-sm text-slate-600">
            Sent <DateTime value={d.document_sent_at} empty="—" />
            {d.document_executed_at ? (
              <>
                {" "}
                · completed <DateTime value={d.document_executed_at} />
              </>
            ) : null}{" "}
            · from <span className="break-all">{d.sender_email || "—"}</span>
          </p>
          <p className="break-all text-xs text-slate-600">GUID {d.original_guid}</p>
        </li>
      ))}
    </ul>
  );
}

import type { DocumentResource } from "@/lib/api/documents";
import type { ReactNode } from "react";
import { DateTime } from "@/components/dashboard/time-zone";

/** The document's facts as a description list. */
export function DocumentSummary({ doc }: { doc: DocumentResource }) {
  const rows: [string, ReactNode][] = [
    ["Sender", `${doc.sender.name} (${doc.sender.email})`],
    ["Sent", <DateTime value={doc.sent_at} empty="Not sent" />],
    [doc.state === "expired" ? "Expired" : "Expires", <DateTime value={doc.expired_at} />],
    ["Executed", <DateTime value={doc.executed_at} empty="Not yet" />],
    ["Identity check", doc.kba ? `${doc.identity_method}, with KBA` : doc.identity_method],
    ["Signing", doc.in_person ? "In person" : doc.embed_codes ? "Embedded" : "By e-mail"],
    ["PIN", doc.passcode_pin_enabled ? "Required" : "None"],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg bg-white p-4 text-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{k}</dt>
          <dd className="mt-0.5 break-words text-slate-900">{v}</dd>
        </div>
      ))}
      {doc.merge_field_values.length > 0 ? (
        <div className="sm:col-span-2 lg:col-span-4">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Merge fields</dt>
          <dd className="mt-0.5 text-slate-900">{doc.merge_field_values.map((m) => `${m.name}: ${m.value}`).join(" · ")}</dd>
        </div>
      ) : null}
      {doc.state === "voided" && doc.void_reason ? (
        <div className="sm:col-span-2 lg:col-span-4" data-testid="void-reason">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Void reason</dt>
          <dd className="mt-0.5 whitespace-pre-line break-words text-slate-900">{doc.void_reason}</dd>
        </div>
      ) : null}
    </dl>
  );
}

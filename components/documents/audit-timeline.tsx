import type { DocumentResource } from "@/lib/api/documents";
import { formatDateTime } from "@/components/dashboard/format";
import { Badge } from "@/components/ui/badge";

type Audit = Pick<DocumentResource["audits"][number], "payload" | "created_at" | "ip_address"> & { id: number | null; metadata: { keyword: string } };

/** The audit trail as a vertical timeline, oldest first (the order things happened). */
export function AuditTimeline({ audits }: { audits: Audit[] }) {
  if (audits.length === 0) return <p className="text-sm text-slate-600">No events recorded yet.</p>;
  const ordered = [...audits].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id ?? 0) - (b.id ?? 0));
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5" aria-label="Audit trail">
      {ordered.map((a, i) => (
        <li key={a.id ?? `i${i}`} className="relative">
          <span aria-hidden="true" className="absolute -left-[1.66rem] top-1.5 size-2.5 rounded-full bg-brand-500 ring-4 ring-white" />
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="muted">{a.metadata.keyword || "event"}</Badge>
            <time dateTime={a.created_at} className="text-xs text-slate-500">
              {formatDateTime(a.created_at)}
            </time>
          </div>
          <p className="mt-1 text-sm text-slate-800">{a.payload}</p>
          {a.ip_address ? <p className="text-xs text-slate-500">IP {a.ip_address}</p> : null}
        </li>
      ))}
    </ol>
  );
}

import { DateTime } from "@/components/dashboard/time-zone";
import { Badge } from "@/components/ui/badge";

/** The audit entry of current and archived documents alike (archived ones may lack ids and times). */
type Audit = { id: number | null; payload: string; created_at: string | null; ip_address: string | null; metadata: { keyword: string } };

const time = (a: Audit) => (a.created_at ? Date.parse(a.created_at) : 0);

/** The audit trail as a vertical timeline, oldest first (the order things happened). */
export function AuditTimeline({ audits }: { audits: Audit[] }) {
  if (audits.length === 0) return <p className="text-sm text-slate-600">No events recorded yet.</p>;
  const ordered = [...audits].sort((a, b) => time(a) - time(b) || (a.id ?? 0) - (b.id ?? 0));
  return (
    <ol className="relative space-y-4 border-l border-slate-200 pl-5" aria-label="Audit trail">
      {ordered.map((a, i) => (
        <li key={a.id ?? `i${i}`} className="relative">
          <span aria-hidden="true" className="absolute -left-[1.66rem] top-1.5 size-2.5 rounded-full bg-brand-500 ring-4 ring-white" />
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="muted">{a.metadata.keyword || "event"}</Badge>
            {a.created_at ? (
              <time dateTime={a.created_at} className="text-xs text-slate-500">
                <DateTime value={a.created_at} />
              </time>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-slate-800">{a.payload}</p>
          {a.ip_address ? <p className="text-xs text-slate-500">IP {a.ip_address}</p> : null}
        </li>
      ))}
    </ol>
  );
}

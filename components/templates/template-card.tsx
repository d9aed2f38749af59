import Link from "next/link";
import type { ReusableTemplateResource } from "@/lib/api/templates";
import { DateTime } from "@/components/dashboard/time-zone";
import { Badge } from "@/components/ui/badge";

const action = "rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 bg-white hover:bg-slate-50";

/**
 * One template in the list: thumbnail, name, roles and the ways to use it.
 * The link's name is the template's name (its own text); it stretches over
 * the whole card (`after:`), so a click anywhere but Send/Embed opens it.
 */
export function TemplateCard({ template: t }: { template: ReusableTemplateResource }) {
  return (
    <li className="relative flex flex-col overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
      <Link href={`/templates/${t.id}`} className="group flex flex-col after:absolute after:inset-0 after:content-['']">
        <div className="flex h-40 items-center justify-center overflow-hidden bg-slate-100">
          {t.thumbnail_url ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed, short-lived file addresses: no image optimiser in between
            <img src={t.thumbnail_url} alt="" loading="lazy" className="h-full w-auto object-contain shadow-sm" />
          ) : (
            <span className="text-sm text-slate-500" aria-hidden="true">
              No preview
            </span>
          )}
        </div>
        <h2 className="break-words px-4 pt-4 font-medium text-slate-900 group-hover:text-brand-700 group-hover:underline">{t.name}</h2>
      </Link>
      <div className="flex-1 space-y-1 px-4 pb-4 pt-1">
        <p className="break-all text-sm text-slate-600">{t.filename}</p>
        <p className="text-sm text-slate-600">
          {t.roles.length} role{t.roles.length === 1 ? "" : "s"}: {t.roles.map((r) => r.name).join(", ") || "none"}
        </p>
        <div className="flex flex-wrap gap-1 pt-1">
          {t.signer_sequencing ? <Badge tone="info">Signer sequencing</Badge> : null}
          {t.merge_field_components.length ? <Badge>{t.merge_field_components.length} merge fields</Badge> : null}
          <Badge tone="muted">Updated <DateTime value={t.updated_at} dateOnly /></Badge>
        </div>
      </div>
      {/* (positioned, so that it lies above the link's stretched area) */}
      <div className="relative flex flex-wrap gap-2 border-t border-slate-100 p-3">
        <Link href={`/templates/${t.id}/send`} className={action} aria-label={`Send ${t.name}`}>
          Send
        </Link>
        <Link href={`/templates/${t.id}/embed`} className={action} aria-label={`Embed ${t.name}`}>
          Embed
        </Link>
      </div>
    </li>
  );
}

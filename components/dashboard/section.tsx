import type { ReactNode } from "react";

/** A titled block of a page; the heading labels the region for screen readers. */
export function Section({ id, title, description, actions, children }: { id: string; title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <div className="mt-0.5 text-sm text-slate-600">{description}</div> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

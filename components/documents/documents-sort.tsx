"use client";

import { useRouter } from "next/navigation";
import type { DocumentSort, SortDirection } from "@/lib/api/documents";

/**
 * A column header's sort button: the sort lives in the URL (bookmarkable,
 * kept by reloads), so the button navigates. The header cell carries
 * aria-sort; the arrow only repeats it.
 */
export function SortButton({ label, href, active, direction }: { label: string; href: string; active: boolean; direction: SortDirection }) {
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={() => router.push(href)}
      className="inline-flex items-center gap-1 rounded font-semibold uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {label}
      <span aria-hidden="true" className={active ? "text-slate-900" : "text-slate-400"}>
        {active ? (direction === "asc" ? "▲" : "▼") : "↕"}
      </span>
    </button>
  );
}

export type SortOption = { sort: DocumentSort; direction: SortDirection; label: string; href: string };

/** On a phone the date columns are hidden, so the sort is a menu above the list. */
export function SortSelect({ options, current }: { options: SortOption[]; current: string }) {
  const router = useRouter();
  return (
    <div className="flex items-center gap-2 sm:hidden">
      <label htmlFor="doc-sort" className="text-sm font-medium text-slate-700">
        Sort by
      </label>
      <select
        id="doc-sort"
        value={current}
        onChange={(e) => {
          const o = options.find((x) => `${x.sort}:${x.direction}` === e.target.value);
          if (o) router.push(o.href);
        }}
        className="block min-w-0 flex-1 rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600"
      >
        {options.map((o) => (
          <option key={`${o.sort}:${o.direction}`} value={`${o.sort}:${o.direction}`}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

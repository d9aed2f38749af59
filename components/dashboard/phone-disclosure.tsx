"use client";

import { useId, useState, type ReactNode } from "react";

/**
 * On a phone (below the md breakpoint), content that would push the page's
 * own content below the fold (a list's filters) folds behind one button that
 * names it and how many of it are in use ("Filters (2)"); from md up the
 * button is not there and the content always shows. Closed is the first
 * state on the server and in the browser alike, so nothing changes at
 * hydration.
 */
export function PhoneDisclosure({ label, activeCount = 0, children }: { label: string; activeCount?: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-2 rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 md:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M3 4.5A1.5 1.5 0 0 1 4.5 3h11A1.5 1.5 0 0 1 17 4.5v1.1a1.5 1.5 0 0 1-.44 1.06L12 11.2V16a1 1 0 0 1-1.45.9l-2-1A1 1 0 0 1 8 15v-3.8L3.44 6.66A1.5 1.5 0 0 1 3 5.6V4.5Z" />
        </svg>
        {label}
        {activeCount > 0 ? (
          <>
            <span aria-hidden="true" className="rounded-full bg-brand-50 px-2 text-xs text-brand-700">
              {activeCount}
            </span>
            <span className="sr-only">({activeCount} in use)</span>
          </>
        ) : null}
      </button>
      <div id={id} className={open ? "mt-3 md:mt-0" : "hidden md:block"}>
        {children}
      </div>
    </div>
  );
}

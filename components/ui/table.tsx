import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";

/** A data table that scrolls sideways on narrow screens instead of overflowing the page. */
export function Table({ caption, children, captionHidden = false }: { caption: string; children: ReactNode; captionHidden?: boolean }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className={captionHidden ? "sr-only" : "px-4 py-2 text-left text-sm font-medium text-slate-700"}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function Th({ className = "", ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={`px-3 py-2 sm:px-4 text-xs font-semibold uppercase tracking-wide text-slate-600 ${className}`} {...props} />;
}

export function Td({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`px-3 py-3 sm:px-4 align-top text-slate-800 ${className}`} {...props} />;
}

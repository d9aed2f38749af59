import { useId, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from "react";

/**
 * A data table that scrolls sideways on narrow screens instead of overflowing the page.
 * The scrolling box takes the keyboard focus (named after the caption), so a
 * table without links or buttons can still be scrolled with the arrow keys.
 */
export function Table({ caption, children, captionHidden = false }: { caption: string; children: ReactNode; captionHidden?: boolean }) {
  const captionId = useId();
  return (
    // (a group, not a region: the sections around the tables are the landmarks, under the same names)
    // relative: the scroller must be the containing block of the cells' visually hidden (absolute, sr-only)
    // texts, or they escape it at the table's far right and widen the whole page on a phone.
    <div role="group" aria-labelledby={captionId} tabIndex={0} className="relative overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption id={captionId} className={captionHidden ? "sr-only" : "px-4 py-2 text-left text-sm font-medium text-slate-700"}>
          {caption}
        </caption>
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

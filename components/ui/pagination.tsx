import Link from "next/link";

/**
 * Previous / next links for a paged list. `hrefFor` builds the address of a
 * page, so the page number lives in the URL and paging works without script.
 */
export function Pagination({ page, totalPages, hrefFor, label = "Pagination" }: { page: number; totalPages: number; hrefFor: (page: number) => string; label?: string }) {
  if (totalPages <= 1 && page <= 1) return null;
  const link = "rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 bg-white hover:bg-slate-50";
  const off = "rounded-md px-3 py-1.5 text-sm font-medium text-slate-500 ring-1 ring-inset ring-slate-200";
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link className={link} href={hrefFor(page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={off} aria-disabled="true">
          Previous
        </span>
      )}
      <p className="text-sm text-slate-600">
        Page {page} of {Math.max(totalPages, page)}
      </p>
      {page < totalPages ? (
        <Link className={link} href={hrefFor(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span className={off} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}

import { Skeleton } from "@/components/ui/skeleton";

/** The documents list while it loads: the same outline (views, filters, toolbar, rows), greyed. */
export function DocumentsSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div role="status" className="space-y-4">
      <div className="flex gap-3 border-b border-slate-200 pb-2">
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-6 w-36" />
      </div>
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-11 w-full" />
      <div className="space-y-2 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="grid grid-cols-[1.5rem_3fr_2fr_2fr] gap-4 sm:grid-cols-[1.5rem_3fr_2fr_1fr_1fr_2fr]">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
            <Skeleton className="hidden h-8 sm:block" />
            <Skeleton className="hidden h-8 sm:block" />
            <Skeleton className="h-8" />
          </div>
        ))}
      </div>
      <span className="sr-only">Loading documents…</span>
    </div>
  );
}

import { Skeleton } from "@/components/ui/skeleton";

/** The documents list while it loads: the same outline, greyed. */
export function DocumentsSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div role="status" className="space-y-4">
      <Skeleton className="h-40 w-full" />
      <div className="space-y-2 rounded-lg bg-white p-4 ring-1 ring-slate-200">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="grid grid-cols-[3fr_1fr_1fr] gap-4 sm:grid-cols-[3fr_1fr_1fr_1fr_1fr]">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
            <Skeleton className="hidden h-8 sm:block" />
            <Skeleton className="hidden h-8 sm:block" />
          </div>
        ))}
      </div>
      <span className="sr-only">Loading documents…</span>
    </div>
  );
}

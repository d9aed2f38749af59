import { Skeleton } from "@/components/ui/skeleton";

export default function DocumentLoading() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading the document…</span>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-24 w-full" />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-48" />
          <Skeleton className="h-72" />
        </div>
        <div className="space-y-6">
          <Skeleton className="h-32" />
          <Skeleton className="h-40" />
        </div>
      </div>
    </div>
  );
}

import { Skeleton } from "@/components/ui/skeleton";

export default function TemplatesLoading() {
  return (
    <div role="status" className="space-y-4">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900">Templates</h1>
      <Skeleton className="h-10 w-full" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-72" />
        ))}
      </div>
      <span className="sr-only">Loading templates…</span>
    </div>
  );
}

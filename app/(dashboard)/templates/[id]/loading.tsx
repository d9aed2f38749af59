import { Skeleton } from "@/components/ui/skeleton";

export default function TemplateLoading() {
  return (
    <div role="status" className="space-y-4">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-5 w-40" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
        <Skeleton className="h-40 lg:col-span-2" />
      </div>
      <span className="sr-only">Loading the template…</span>
    </div>
  );
}

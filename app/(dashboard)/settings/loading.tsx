import { Skeleton } from "@/components/ui/skeleton";

export default function SettingsLoading() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading settings…</span>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
      <Skeleton className="h-56 w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

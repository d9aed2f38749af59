import { Skeleton } from "@/components/ui/skeleton";

export default function ProfileLoading() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading your profile…</span>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Profile</h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}

import type { Metadata } from "next";
import { Suspense } from "react";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { ArchivedLookupForm } from "@/components/archived/archived-lookup-form";
import { ArchivedResult } from "./archived-result";
import { PageHeader } from "@/components/dashboard/page-header";
import { Skeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Archived documents" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ArchivedPage({ searchParams }: Props) {
  const raw = (await searchParams).guid;
  const guid = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const { api } = await requireDashboardSession(guid ? `/archived?guid=${encodeURIComponent(guid)}` : "/archived");
  return (
    <>
      <PageHeader title="Archived documents" description="Documents imported from the legacy system, found by their original GUID." />
      <div className="space-y-6">
        <ArchivedLookupForm key={`form-${guid}`} guid={guid} />
        {guid ? (
          // Keyed by the GUID: a new lookup shows the placeholder while the form stays.
          <Suspense
            key={`result-${guid}`}
            fallback={
              <div role="status" className="space-y-3">
                <span className="sr-only">Looking up…</span>
                <Skeleton className="h-8 w-1/2" />
                <Skeleton className="h-32 w-full" />
              </div>
            }
          >
            <ArchivedResult api={api} guid={guid} />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}

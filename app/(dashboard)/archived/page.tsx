import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { ArchivedLookupForm } from "@/components/archived/archived-lookup-form";
import { ArchivedSearchForm } from "@/components/archived/archived-search-form";
import { ArchivedResult } from "./archived-result";
import { ArchivedResults } from "./archived-results";
import { PageHeader } from "@/components/dashboard/page-header";
import { Section } from "@/components/dashboard/section";
import { Skeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Archived documents" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? "";

/**
 * The archived records: a searchable, paged list, and the lookup by original
 * GUID (spec 4.3), which shows one record in full (`?guid=`).
 */
export default async function ArchivedPage({ searchParams }: Props) {
  const params = await searchParams;
  const guid = first(params.guid);
  const q = first(params.q).slice(0, 200);
  const page = Math.min(Math.max(Number.parseInt(first(params.page), 10) || 1, 1), 1_000_000);
  const self = guid ? `/archived?guid=${encodeURIComponent(guid)}` : `/archived${q || page > 1 ? `?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) })}` : ""}`;
  const { api } = await requireDashboardSession(self);
  const placeholder = (label: string) => (
    <div role="status" className="space-y-3">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
  return (
    <>
      <PageHeader title="Archived documents" description="Documents imported from the legacy system, and those shared with you." />
      <div className="space-y-6">
        {guid ? (
          <>
            <Link href="/archived" className="inline-block text-sm font-medium text-brand-700 hover:underline">
              ← All archived documents
            </Link>
            <ArchivedLookupForm key={`form-${guid}`} guid={guid} />
            {/* Keyed by the GUID: a new lookup shows the placeholder while the form stays. */}
            <Suspense key={`result-${guid}`} fallback={placeholder("Looking up…")}>
              <ArchivedResult api={api} guid={guid} />
            </Suspense>
          </>
        ) : (
          <>
            <ArchivedSearchForm key={`search-${q}`} q={q} />
            <Suspense key={`list-${q}-${page}`} fallback={placeholder("Loading archived documents…")}>
              <ArchivedResults api={api} q={q} page={page} />
            </Suspense>
            <Section id="archived-lookup" title="Look up by original GUID" description="Open one record by its id in the legacy system.">
              <ArchivedLookupForm guid="" />
            </Section>
          </>
        )}
      </div>
    </>
  );
}

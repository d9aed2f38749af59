import type { ApiClient } from "@/lib/api-client/client";
import { loadOrMessage } from "../_lib/api-errors";
import { ArchivedList } from "@/components/archived/archived-list";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";

const PER_PAGE = 20;

/** One page of the archived records the user may open, matching `q`. */
export async function ArchivedResults({ api, q, page }: { api: ApiClient; q: string; page: number }) {
  const self = `/archived?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;
  const res = await loadOrMessage(self, () => api.listArchivedDocuments({ q, page, per_page: PER_PAGE }));
  if (res.error !== null) return <Alert>The archived documents could not be loaded. Reload the page to try again.</Alert>;
  const { archived_documents: docs, meta } = res.data;
  if (docs.length === 0) {
    return q ? (
      <EmptyState title={`Nothing matches “${q}”.`}>Try fewer words, part of a name, or an e-mail address.</EmptyState>
    ) : page > 1 ? (
      <EmptyState title="No more archived documents.">This page is past the end of the list.</EmptyState>
    ) : (
      <EmptyState title="No archived documents yet.">Documents imported from the legacy system appear here, with those shared with you.</EmptyState>
    );
  }
  const hrefFor = (p: number) => `/archived?${new URLSearchParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600" role="status">
        {meta.total_count === 1 ? "1 archived document" : `${meta.total_count} archived documents`}
        {q ? ` match “${q}”` : ""}.
      </p>
      <ArchivedList documents={docs} />
      <Pagination page={page} totalPages={meta.total_pages} hrefFor={hrefFor} label="Archived documents pages" />
    </div>
  );
}

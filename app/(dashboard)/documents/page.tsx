import type { Metadata } from "next";
import Link from "next/link";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { loadOrMessage } from "../_lib/api-errors";
import { PageHeader } from "@/components/dashboard/page-header";
import { DocumentFilters } from "@/components/documents/document-filters";
import { DocumentsTable } from "@/components/documents/documents-table";
import { isFiltered, listHref, parseListParams } from "@/components/documents/list-params";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";

export const metadata: Metadata = { title: "Documents" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const linkButton = "rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";

export default async function DocumentsPage({ searchParams }: Props) {
  const params = parseListParams(await searchParams);
  const self = listHref(params);
  const { api } = await requireDashboardSession(self);

  const [list, templates] = await Promise.all([
    loadOrMessage(self, () =>
      api.listDocuments({
        search: params.search || undefined,
        state: params.states,
        template_id: params.templateId || undefined,
        tags: params.tags || undefined,
        per_page: params.perPage,
        page: params.page,
      }),
    ),
    // The filter is a convenience: without templates the list still works.
    api.listTemplates({ per_page: 100 }).then(
      (r) => r.reusable_templates.map((t) => ({ id: t.id, name: t.name })),
      () => null,
    ),
  ]);

  return (
    <>
      <PageHeader
        title="Documents"
        description="Everything you sent or that was shared with you."
        actions={
          <>
            <Link href="/send" className={linkButton}>
              Send a file
            </Link>
            <Link href="/templates" className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
              Send from a template
            </Link>
          </>
        }
      />
      <div className="space-y-4">
        <DocumentFilters key={self} params={params} templates={templates} />
        {list.error !== null ? (
          <Alert>{list.error}</Alert>
        ) : list.data.documents.length === 0 ? (
          isFiltered(params) || params.page > 1 ? (
            <EmptyState title="No documents match these filters." action={<Link href="/documents" className={linkButton}>Clear filters</Link>}>
              Try another search or fewer states.
            </EmptyState>
          ) : (
            <EmptyState title="No documents yet." action={<Link href="/send" className={linkButton}>Send a file</Link>}>
              Send a file or a template for signature and it will show up here.
            </EmptyState>
          )
        ) : (
          <>
            <DocumentsTable documents={list.data.documents} />
            <Pagination
              label="Documents pages"
              page={params.page}
              totalPages={list.data.meta.total_pages}
              hrefFor={(page) => listHref(params, { page })}
            />
          </>
        )}
      </div>
    </>
  );
}

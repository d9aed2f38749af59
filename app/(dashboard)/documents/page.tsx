import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { requireDashboardSession, type DashboardSession } from "@/lib/server/dashboard/current-session";
import { templateFilterOptions } from "@/lib/server/dashboard/template-filter-options";
import type { DocumentSort, SortDirection } from "@/lib/api/documents";
import { loadOrMessage } from "../_lib/api-errors";
import { PageHeader } from "@/components/dashboard/page-header";
import { BulkActions } from "@/components/documents/bulk-actions";
import { BulkSelectionProvider } from "@/components/documents/bulk-selection";
import { DocumentFilters } from "@/components/documents/document-filters";
import { SortSelect } from "@/components/documents/documents-sort";
import { DocumentsTable } from "@/components/documents/documents-table";
import { DocumentsToSignTable } from "@/components/documents/documents-to-sign-table";
import { isFiltered, listHref, parseListParams, type DocumentListParams } from "@/components/documents/list-params";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { remindDocuments, tagDocuments, voidDocuments } from "./actions";

export const metadata: Metadata = { title: "Documents" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const linkButton = "rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";

/** The phone's sort menu: every column both ways (the headers that sort are hidden there). */
const SORT_CHOICES: [DocumentSort, SortDirection, string][] = [
  ["created_at", "desc", "Newest first"],
  ["sent_at", "desc", "Sent: newest first"],
  ["sent_at", "asc", "Sent: oldest first"],
  ["expired_at", "asc", "Expires: soonest first"],
  ["expired_at", "desc", "Expires: latest first"],
  ["name", "asc", "Name: A to Z"],
  ["name", "desc", "Name: Z to A"],
  ["state", "asc", "State: drafts first"],
  ["state", "desc", "State: voided first"],
];

export default async function DocumentsPage({ searchParams }: Props) {
  const params = parseListParams(await searchParams);
  const self = listHref(params);
  const session = await requireDashboardSession(self);
  const { api } = session;

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
      <nav aria-label="Document views" className="mb-4 flex gap-1 border-b border-slate-200">
        <ViewTab href="/documents" current={params.view === "all"}>
          All documents
        </ViewTab>
        <ViewTab href="/documents?view=to_sign" current={params.view === "to_sign"}>
          Needs my signature
        </ViewTab>
      </nav>
      {params.view === "to_sign" ? <ToSignView params={params} api={api} self={self} /> : <AllView params={params} session={session} self={self} />}
    </>
  );
}

function ViewTab({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"}`}
    >
      {children}
    </Link>
  );
}

type Api = DashboardSession["api"];

async function AllView({ params, session, self }: { params: DocumentListParams; session: DashboardSession; self: string }) {
  const { api } = session;
  // One round of parallel calls: the list, and the filter's templates (cached per user, usually no call at all).
  const [list, templates] = await Promise.all([
    loadOrMessage(self, () =>
      api.listDocuments({
        search: params.search || undefined,
        state: params.states,
        template_id: params.templateId || undefined,
        tags: params.tags || undefined,
        per_page: params.perPage,
        page: params.page,
        // The default order is the spec's own; the extension parameters are sent only when another is asked for.
        ...(params.sort !== "created_at" || params.direction !== "desc" ? { sort: params.sort, direction: params.direction } : {}),
      }),
    ),
    // The filter is a convenience: without templates the list still works.
    templateFilterOptions(session).catch(() => null),
  ]);
  const sortOptions = SORT_CHOICES.map(([sort, direction, label]) => ({ sort, direction, label, href: listHref(params, { sort, direction, page: 1 }) }));

  return (
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
        <BulkSelectionProvider rows={list.data.documents.map((d) => ({ id: d.id, name: d.name }))}>
          <SortSelect options={sortOptions} current={`${params.sort}:${params.direction}`} />
          <BulkActions remind={remindDocuments} voidAll={voidDocuments} tag={tagDocuments} />
          <DocumentsTable documents={list.data.documents} params={params} viewerEmail={session.user.email} remind={remindDocuments} />
          <Pagination
            label="Documents pages"
            page={params.page}
            totalPages={list.data.meta.total_pages}
            hrefFor={(page) => listHref(params, { page })}
          />
        </BulkSelectionProvider>
      )}
    </div>
  );
}

async function ToSignView({ params, api, self }: { params: DocumentListParams; api: Api; self: string }) {
  const list = await loadOrMessage(self, () => api.listDocumentsToSign({ page: params.page, per_page: params.perPage }));
  if (list.error !== null) return <Alert>{list.error}</Alert>;
  if (list.data.documents.length === 0) {
    return (
      <EmptyState title="Nothing needs your signature." action={<Link href="/documents" className={linkButton}>All documents</Link>}>
        Documents sent to your e-mail address for signing show up here when it is your turn.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      <DocumentsToSignTable documents={list.data.documents} />
      <Pagination label="Documents pages" page={params.page} totalPages={list.data.meta.total_pages} hrefFor={(page) => listHref(params, { page })} />
    </div>
  );
}

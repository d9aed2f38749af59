import type { Metadata } from "next";
import Link from "next/link";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { loadOrMessage } from "../_lib/api-errors";
import { PageHeader } from "@/components/dashboard/page-header";
import { TemplateCard } from "@/components/templates/template-card";
import { parseTemplateListParams, templateListHref } from "@/components/templates/template-list-params";
import { TemplateSearch } from "@/components/templates/template-search";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";

export const metadata: Metadata = { title: "Templates" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const linkButton = "rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";

export default async function TemplatesPage({ searchParams }: Props) {
  const params = parseTemplateListParams(await searchParams);
  const self = templateListHref(params);
  const { api } = await requireDashboardSession(self);
  const list = await loadOrMessage(self, () => api.listTemplates({ search: params.search || undefined, page: params.page, per_page: params.perPage }));

  return (
    <>
      <PageHeader
        title="Templates"
        description="Reusable documents with their roles and fields. Send one, embed it in your application, or prepare a draft to review."
        actions={
          <span className="flex flex-wrap gap-2">
            <Link href="/templates/new" className={linkButton}>
              New template
            </Link>
            <Link href="/send" className={linkButton}>
              Send a file instead
            </Link>
          </span>
        }
      />
      <div className="space-y-4">
        <TemplateSearch key={self} search={params.search} perPage={params.perPage === 12 ? undefined : params.perPage} />
        {list.error !== null ? (
          <Alert>{list.error}</Alert>
        ) : list.data.reusable_templates.length === 0 ? (
          params.search || params.page > 1 ? (
            <EmptyState title="No templates match this search." action={<Link href="/templates" className={linkButton}>Show all templates</Link>}>
              {params.search ? <>Nothing is named like &ldquo;{params.search}&rdquo;.</> : "This page is past the end of the list."}
            </EmptyState>
          ) : (
            <EmptyState title="No templates yet." action={<Link href="/templates/new" className={linkButton}>New template</Link>}>
              Upload a document and place its fields in the builder, or send a one-off file from Send.
            </EmptyState>
          )
        ) : (
          <>
            {params.search ? (
              <p className="text-sm text-slate-600" role="status">
                Templates matching &ldquo;{params.search}&rdquo;
              </p>
            ) : null}
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Templates">
              {list.data.reusable_templates.map((t) => (
                <TemplateCard key={t.id} template={t} />
              ))}
            </ul>
            <Pagination label="Templates pages" page={params.page} totalPages={list.data.meta.total_pages} hrefFor={(page) => templateListHref(params, { page })} />
          </>
        )}
      </div>
    </>
  );
}

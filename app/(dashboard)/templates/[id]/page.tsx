import type { Metadata } from "next";
import Link from "next/link";
import { requireDashboardSession } from "@/lib/server/dashboard/current-session";
import { loadOrMessage } from "../../_lib/api-errors";
import { loadOrNotFound } from "../../_lib/not-found-unless-visible";
import { isId } from "../../_lib/run-action";
import { PageHeader } from "@/components/dashboard/page-header";
import { Section } from "@/components/dashboard/section";
import { DeleteTemplateButton } from "@/components/templates/delete-template-button";
import { TagsManager } from "@/components/templates/tags-manager";
import { TemplateFacts, TemplateMergeFieldsTable, TemplatePages, TemplateRolesTable } from "@/components/templates/template-details";
import { Alert } from "@/components/ui/alert";

export const metadata: Metadata = { title: "Template" };

type Props = { params: Promise<{ id: string }> };

const primary = "rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";
const secondary = "rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50";

export default async function TemplatePage({ params }: Props) {
  const { id } = await params;
  const self = `/templates/${encodeURIComponent(id)}`;
  const { api } = await requireDashboardSession(self);
  // The id goes into an API path: anything but an id answers as an unknown template would.
  const templateId = isId(id) ? id : "unknown";
  // Tags come from their own endpoint: the first of the four tag operations (list).
  const [found, tags] = await Promise.all([
    loadOrNotFound(self, () => api.getTemplate(templateId)),
    api.getTemplateTags(templateId).then((r) => r.tags, () => null),
  ]);

  if (found.error !== null) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">Template</h1>
        <Alert>{found.error}</Alert>
        <Link href="/templates" className="text-sm font-medium text-brand-700 hover:underline">
          Back to templates
        </Link>
      </div>
    );
  }
  const t = found.data.reusable_template;
  const initialTags = tags ?? Object.entries(t.tags).map(([tag_name, value]) => ({ tag_name, value }));

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/templates" className="hover:underline">
            Templates
          </Link>
        }
        title={t.name}
        description={t.filename}
        actions={
          <>
            <Link href={`/templates/${t.id}/send`} className={primary}>
              Send
            </Link>
            <Link href={`/templates/${t.id}/embed`} className={secondary}>
              Embed
            </Link>
            <Link href={`/templates/${t.id}/edit`} className={secondary}>
              Edit fields
            </Link>
            <DeleteTemplateButton templateId={t.id} name={t.name} />
          </>
        }
      />
      {/* min-w-0: a grid item would otherwise grow to its widest table instead of letting it scroll. */}
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="min-w-0">
          <Section id="details" title="Details">
            <TemplateFacts template={t} />
          </Section>
        </div>
        <div className="min-w-0">
          <Section id="tags" title="Tags" description="Labels of the template itself.">
            <TagsManager templateId={t.id} initialTags={initialTags} />
          </Section>
        </div>
        <div className="min-w-0 lg:col-span-2">
          <Section id="roles" title="Roles" description="Who signs, in this order when the template uses signer sequencing.">
            <TemplateRolesTable template={t} />
          </Section>
        </div>
        <div className="min-w-0 lg:col-span-2">
          <Section id="merge-fields" title="Merge fields" description="Filled in when the template is sent.">
            <TemplateMergeFieldsTable template={t} />
          </Section>
        </div>
        <div className="min-w-0 lg:col-span-2">
          <Section id="pages" title="Pages">
            <TemplatePages template={t} />
          </Section>
        </div>
      </div>
    </>
  );
}

import Form from "next/form";
import Link from "next/link";
import { DOCUMENT_STATES } from "@/lib/api/common";
import { Button } from "@/components/ui/button";
import { PhoneDisclosure } from "@/components/dashboard/phone-disclosure";
import { PAGE_SIZES, sortFields, type DocumentListParams } from "./list-params";
import { documentStateLabel } from "./state-badge";

const control =
  "block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600";

/**
 * The list's filters as a GET form: submitting writes them into the URL
 * (next/form navigates on the client; without script it is a plain GET).
 * Changing a filter starts again at page 1, so no page field is sent.
 */
export function DocumentFilters({ params, templates }: { params: DocumentListParams; templates: { id: string; name: string }[] | null }) {
  // On a phone the filters fold behind one button (issue 13 point 8), which counts those in use.
  const inUse = [params.search, params.templateId, params.tags].filter(Boolean).length + params.states.length;
  return (
    <PhoneDisclosure label="Filters" activeCount={inUse}>
    <Form action="/documents" role="search" aria-label="Filter documents" className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <div className="grid gap-4 md:grid-cols-[2fr_1fr_1fr_auto]">
        <div className="space-y-1">
          <label htmlFor="doc-search" className="block text-sm font-medium text-slate-700">
            Search
          </label>
          <input
            id="doc-search"
            name="search"
            type="search"
            defaultValue={params.search}
            placeholder="Document, file, recipient name or e-mail"
            className={control}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="doc-template" className="block text-sm font-medium text-slate-700">
            Template
          </label>
          <select id="doc-template" name="template_id" defaultValue={params.templateId} className={control}>
            <option value="">All templates</option>
            {(templates ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="doc-tags" className="block text-sm font-medium text-slate-700">
            Tags
          </label>
          <input
            id="doc-tags"
            name="tags"
            type="text"
            defaultValue={params.tags}
            placeholder="department:legal, region"
            aria-describedby="doc-tags-help"
            className={control}
          />
          <p id="doc-tags-help" className="text-xs text-slate-500">
            <code>name:value</code> or just <code>name</code>, separated by commas; all must match.
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor="doc-per-page" className="block text-sm font-medium text-slate-700">
            Per page
          </label>
          <select id="doc-per-page" name="per_page" defaultValue={String(params.perPage)} className={control}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">State</legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
          {DOCUMENT_STATES.map((s) => (
            <label key={s} className="inline-flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="state" value={s} defaultChecked={params.states.includes(s)} className="size-4 rounded border-slate-300 accent-brand-600" />
              {documentStateLabel(s)}
            </label>
          ))}
        </div>
      </fieldset>
      {/* The chosen sort (a column header's, not a filter) survives new filters. */}
      {sortFields(params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">Apply filters</Button>
        <Link href="/documents" className="text-sm font-medium text-brand-700 hover:underline">
          Clear filters
        </Link>
        {templates === null ? <p className="text-sm text-slate-500">Templates could not be loaded for the filter.</p> : null}
      </div>
    </Form>
    </PhoneDisclosure>
  );
}

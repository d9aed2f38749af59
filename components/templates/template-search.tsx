import Form from "next/form";

/**
 * Search by name or file name. A GET form: the search lands in the URL (and a
 * new search starts at page 1); next/form navigates client-side when it can.
 */
export function TemplateSearch({ search, perPage }: { search: string; perPage?: number }) {
  return (
    <Form action="/templates" role="search" aria-label="Templates" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor="template-search" className="block text-sm font-medium text-slate-700">
          Search templates
        </label>
        <input
          id="template-search"
          name="search"
          type="search"
          defaultValue={search}
          placeholder="Name or file name"
          className="block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600"
        />
      </div>
      {perPage ? <input type="hidden" name="per_page" value={perPage} /> : null}
      <button type="submit" className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
        Search
      </button>
    </Form>
  );
}

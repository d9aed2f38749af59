import Form from "next/form";
import { Button } from "@/components/ui/button";

/** A GET form: the words go into the address, so a search can be linked to, reloaded and paged. */
export function ArchivedSearchForm({ q }: { q: string }) {
  return (
    <Form action="/archived" role="search" aria-label="Search archived documents" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor="archived-q" className="block text-sm font-medium text-slate-700">
          Search
        </label>
        <input
          id="archived-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={200}
          autoComplete="off"
          placeholder="Document name, signer name or e-mail"
          aria-describedby="archived-q-hint"
          className="block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-600"
        />
        <p id="archived-q-hint" className="text-sm text-slate-600">
          Every word must match the name, a signer’s name or e-mail address, or the original GUID.
        </p>
      </div>
      <Button type="submit" className="sm:mb-7">
        Search
      </Button>
    </Form>
  );
}

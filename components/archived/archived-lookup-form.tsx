import Form from "next/form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

/** A GET form: the GUID goes into the URL, so a lookup can be linked to and reloaded. */
export function ArchivedLookupForm({ guid }: { guid: string }) {
  return (
    <Form action="/archived" role="search" aria-label="Look up an archived document" className="flex flex-col gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-end">
      <div className="flex-1">
        <TextField
          id="archived-guid"
          name="guid"
          label="Original GUID"
          defaultValue={guid}
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. 6f1c2a9e-3b47-4d2a-9c51-0e8d7f4b2a10"
          hint="The document's id in the legacy system."
        />
      </div>
      <Button type="submit" className="sm:mb-6">
        Look up
      </Button>
    </Form>
  );
}

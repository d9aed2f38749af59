"use client";

import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormSection } from "./form-bits";
import type { TagRow } from "./row-values";

type WithTags = { tags: TagRow[] };

/** Key/value rows that become the document's `tags` object. */
export function TagRowsEditor({ description }: { description?: string }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<WithTags>();
  const { fields, append, remove } = useFieldArray({ control, name: "tags" });
  return (
    <FormSection
      id="tags"
      title="Tags"
      description={description ?? "Key/value labels to find the document by later."}
      error={errors.tags?.message ?? errors.tags?.root?.message}
      actions={
        <Button type="button" variant="secondary" onClick={() => append({ key: "", value: "" })}>
          Add tag
        </Button>
      }
    >
      {fields.length === 0 ? <p className="text-sm text-slate-500">No tags.</p> : null}
      <ul className="space-y-2">
        {fields.map((f, i) => (
          <li key={f.id} className="flex flex-wrap items-end gap-2">
            <label className="min-w-0 flex-1 text-sm">
              <span className="block font-medium text-slate-700">Tag {i + 1} name</span>
              <input className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600" {...register(`tags.${i}.key`)} />
            </label>
            <label className="min-w-0 flex-1 text-sm">
              <span className="block font-medium text-slate-700">Tag {i + 1} value</span>
              <input className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600" {...register(`tags.${i}.value`)} />
            </label>
            <Button type="button" variant="secondary" aria-label={`Remove tag ${i + 1}`} onClick={() => remove(i)}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </FormSection>
  );
}

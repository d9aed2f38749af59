"use client";

import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormSection } from "./form-bits";
import type { EmailRow } from "./row-values";

type WithSharedWith = { shared_with: EmailRow[] };

/** The `shared_with` list: people who may see the document (they do not sign). */
export function EmailRowsEditor() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<WithSharedWith>();
  const { fields, append, remove } = useFieldArray({ control, name: "shared_with" });
  return (
    <FormSection
      id="shared_with"
      title="Shared with"
      description="People who can see the document and its progress (they do not sign)."
      error={errors.shared_with?.message ?? errors.shared_with?.root?.message}
      actions={
        <Button type="button" variant="secondary" onClick={() => append({ email: "" })}>
          Add address
        </Button>
      }
    >
      {fields.length === 0 ? <p className="text-sm text-slate-500">Not shared with anyone.</p> : null}
      <ul className="space-y-2">
        {fields.map((f, i) => (
          <li key={f.id} className="flex items-end gap-2">
            <label className="min-w-0 flex-1 text-sm">
              <span className="block font-medium text-slate-700">Shared with e-mail {i + 1}</span>
              <input
                type="email"
                className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600"
                {...register(`shared_with.${i}.email`)}
              />
            </label>
            <Button type="button" variant="secondary" aria-label={`Remove address ${i + 1}`} onClick={() => remove(i)}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </FormSection>
  );
}

"use client";

import { useFormContext } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
import { FormSection } from "./form-bits";
import type { TemplateSendValues } from "./template-send-values";

/**
 * One input per merge field name, typed by the template: a date field gets a
 * date input, whose value is already the yyyy-mm-dd the API takes (spec 4.4.2).
 * Values are sent by name (merge_field_identifier "name"); empty ones are not sent.
 */
export function MergeFieldEditor() {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<TemplateSendValues>();
  const fields = watch("merge");
  if (fields.length === 0) return null;
  return (
    <FormSection
      id="merge"
      title="Merge fields"
      description="Text the document is filled in with before it is sent. Leave a field empty to keep it blank."
      error={errors.merge?.message ?? errors.merge?.root?.message}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map((f, i) => (
          <TextField
            key={f.name}
            id={`merge-${i}`}
            label={f.name}
            type={f.type === "date" ? "date" : "text"}
            hint={f.type === "date" ? "Date" : undefined}
            error={errors.merge?.[i]?.value?.message}
            {...register(`merge.${i}.value`)}
          />
        ))}
      </div>
    </FormSection>
  );
}

"use client";

import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ContactAutocomplete } from "./contact-autocomplete";
import { CheckboxField, FormSection } from "./form-bits";
import { newUploadRole, type UploadValues } from "./upload-values";

/**
 * The signers of a one-off document. A role name ties a signer to the text
 * tags in the file (`[[signature|Signer 1]]`); without tags the sender places
 * each signer's fields in the builder that opens next. The order is asked for
 * only with sequencing.
 */
export function UploadRolesEditor() {
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = useFormContext<UploadValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "roles" });
  const sequencing = watch("signer_sequencing");
  return (
    <FormSection
      id="roles"
      title="Signers"
      description={
        <>
          Fields are placed on the document next. Text tags in the file place them for you when the role names match, e.g.{" "}
          <code className="text-xs">[[signature|Signer 1]]</code>.
          {sequencing ? " Signers sign in the order of their sequence number, starting at 0." : null}
        </>
      }
      error={errors.roles?.message ?? errors.roles?.root?.message}
      actions={
        <Button type="button" variant="secondary" onClick={() => append(newUploadRole(fields.length))} disabled={fields.length >= 50}>
          Add signer
        </Button>
      }
    >
      <ol className="space-y-4">
        {fields.map((f, i) => {
          const e = errors.roles?.[i];
          return (
            <li key={f.id} className="space-y-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" aria-label={`Signer ${i + 1}`}>
              <div className={`grid gap-3 ${sequencing ? "sm:grid-cols-[1fr_8rem]" : ""}`}>
                <TextField id={`roles-${i}-name`} label={`Signer ${i + 1}: role name`} error={e?.name?.message} {...register(`roles.${i}.name`)} />
                {sequencing ? (
                  <TextField
                    id={`roles-${i}-sequence`}
                    label={`Signer ${i + 1}: sequence`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    error={e?.sequence?.message}
                    {...register(`roles.${i}.sequence`)}
                  />
                ) : null}
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                {/* Past recipients are suggested; picking one fills name and e-mail (contact-autocomplete.tsx). */}
                <ContactAutocomplete id={`roles-${i}-signer_name`} label={`Signer ${i + 1}: name`} error={e?.signer_name?.message} field="name" namePath={`roles.${i}.signer_name`} emailPath={`roles.${i}.signer_email`} />
                <ContactAutocomplete id={`roles-${i}-signer_email`} label={`Signer ${i + 1}: e-mail`} error={e?.signer_email?.message} field="email" namePath={`roles.${i}.signer_name`} emailPath={`roles.${i}.signer_email`} />
              </div>
              <TextField id={`roles-${i}-message`} label={`Signer ${i + 1}: message (optional)`} error={e?.message?.message} {...register(`roles.${i}.message`)} />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <CheckboxField id={`roles-${i}-is_sender`} label="This signer is me (the sender)" {...register(`roles.${i}.is_sender`)} />
                <Button type="button" variant="secondary" onClick={() => remove(i)} disabled={fields.length === 1} aria-label={`Remove signer ${i + 1}`}>
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
    </FormSection>
  );
}

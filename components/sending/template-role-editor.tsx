"use client";

import { useFormContext } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
import { ContactAutocomplete } from "./contact-autocomplete";
import { CheckboxField, FormSection } from "./form-bits";
import type { TemplateSendValues } from "./template-send-values";

/**
 * One row per template role (roles are the template's: names cannot change).
 * "Omit" is offered only on templates with signer sequencing (spec 4.4.1).
 */
export function TemplateRoleEditor({ sequencing, emailsOptional }: { sequencing: boolean; emailsOptional: boolean }) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<TemplateSendValues>();
  const roles = watch("roles");
  return (
    <FormSection
      id="roles"
      title="Signers"
      description={
        emailsOptional
          ? "Who signs in each role of the template."
          : "Who signs in each role of the template. Every signer needs an e-mail address unless they are the sender."
      }
      error={errors.roles?.message ?? errors.roles?.root?.message}
    >
      <ol className="space-y-4">
        {roles.map((role, i) => {
          const e = errors.roles?.[i];
          const omitted = role.signer_omitted;
          return (
            <li key={role.name} className="space-y-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" aria-label={`Role ${role.name}`}>
              <p className="text-sm font-semibold text-slate-900">
                {sequencing ? `${i + 1}. ` : ""}
                {role.name}
                {omitted ? <span className="ml-2 font-normal text-slate-500">(omitted)</span> : null}
              </p>
              <div className="grid gap-3 sm:grid-cols-2">
                {/* Past recipients are suggested; picking one fills name and e-mail (contact-autocomplete.tsx). */}
                <ContactAutocomplete id={`roles-${i}-signer_name`} label={`${role.name}: signer name`} error={e?.signer_name?.message} field="name" namePath={`roles.${i}.signer_name`} emailPath={`roles.${i}.signer_email`} />
                <ContactAutocomplete id={`roles-${i}-signer_email`} label={`${role.name}: e-mail`} error={e?.signer_email?.message} field="email" namePath={`roles.${i}.signer_name`} emailPath={`roles.${i}.signer_email`} />
              </div>
              <TextField
                id={`roles-${i}-message`}
                label={`${role.name}: message`}
                error={e?.message?.message}
                {...register(`roles.${i}.message`)}
              />
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                <CheckboxField
                  id={`roles-${i}-is_sender`}
                  label="This signer is me (the sender)"
                  error={e?.is_sender?.message}
                  {...register(`roles.${i}.is_sender`)}
                />
                {sequencing ? (
                  <CheckboxField
                    id={`roles-${i}-signer_omitted`}
                    label={`Omit ${role.name}`}
                    error={e?.signer_omitted?.message}
                    {...register(`roles.${i}.signer_omitted`)}
                  />
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </FormSection>
  );
}

"use client";

import { useFormContext } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
import { CallbackUrlField, EmbedSizeFields, ExpiryAndPinFields, KbaField } from "./document-option-fields";
import { CheckboxField, FormSection, TextAreaField } from "./form-bits";
import type { TemplateFormMode, TemplateSendValues } from "./template-send-values";

/** The document-level settings of a send or embed from a template (spec 4.4). */
export function TemplateDocumentFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<TemplateSendValues>();
  return (
    <>
      <FormSection id="document" title="Document">
        <TextField id="name" label="Document name" error={errors.name?.message} {...register("name")} />
        <TextAreaField id="message" label="Message to all signers" error={errors.message?.message} {...register("message")} />
        <ExpiryAndPinFields pinHint="5 digits the signers must enter before they can see the document" />
        <CallbackUrlField label="Callback URL (optional)" />
      </FormSection>
    </>
  );
}

/** Embed size (embed) and signing options (in person, KBA). */
export function TemplateOptionFields({ mode, kbaAllowed }: { mode: TemplateFormMode; kbaAllowed: boolean }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<TemplateSendValues>();
  return (
    <>
      {mode === "embed" ? (
        <FormSection id="embed-size" title="Embedded signing" description="The size of the iframe your application shows the signing page in.">
          <EmbedSizeFields widthLabel="Width (pixels)" heightLabel="Height (pixels)" />
        </FormSection>
      ) : null}

      {mode === "send" || kbaAllowed ? (
        <FormSection id="options" title="Signing options">
          {mode === "send" ? (
            <CheckboxField
              id="in_person"
              label="Sign in person"
              hint="The signers sign on your device; nobody is e-mailed."
              error={errors.in_person?.message}
              {...register("in_person")}
            />
          ) : null}
          {kbaAllowed ? <KbaField /> : null}
        </FormSection>
      ) : null}
    </>
  );
}

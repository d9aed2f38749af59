"use client";

import { useFormContext } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
import { CallbackUrlField, EmbedSizeFields, ExpiryAndPinFields, KbaField } from "./document-option-fields";
import { CheckboxField, FormSection, SelectField } from "./form-bits";
import type { UploadValues } from "./upload-values";

/** The document options of a sending request (spec 4.6). */
export function UploadDocumentFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<UploadValues>();
  return (
    <FormSection id="document" title="Document">
      <TextField id="name" label="Document name" error={errors.name?.message} {...register("name")} />
      <ExpiryAndPinFields pinHint="5 digits the signers must enter" />
      <div className="grid gap-3 sm:grid-cols-2">
        <CheckboxField
          id="signer_sequencing"
          label="Signers sign in sequence"
          hint="Each signer is asked only after the previous one signed."
          error={errors.signer_sequencing?.message}
          {...register("signer_sequencing")}
        />
        <SelectField id="identity_method" label="Identity check" error={errors.identity_method?.message} {...register("identity_method")}>
          <option value="email">E-mail (signers open their link)</option>
          <option value="none">None</option>
        </SelectField>
      </div>
    </FormSection>
  );
}

export function UploadAdvancedFields({ kbaAllowed }: { kbaAllowed: boolean }) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<UploadValues>();
  const embedded = watch("api_embedded");
  return (
    <FormSection id="options" title="More options">
      <CallbackUrlField label="Document callback URL (optional)" />
      <TextField
        id="request_callback_url"
        label="Sending-request callback URL (optional)"
        type="url"
        placeholder="https://example.com/hooks/sending-requests"
        hint="Told when processing of the file completes or fails"
        error={errors.request_callback_url?.message}
        {...register("request_callback_url")}
      />
      <CheckboxField
        id="api_embedded"
        label="Embedded signing"
        hint="Signers sign inside your application's iframes; nobody is e-mailed."
        error={errors.api_embedded?.message}
        {...register("api_embedded")}
      />
      {embedded ? (
        <EmbedSizeFields widthLabel="Iframe width (pixels)" heightLabel="Iframe height (pixels)" />
      ) : null}
      {kbaAllowed ? <KbaField /> : null}
    </FormSection>
  );
}

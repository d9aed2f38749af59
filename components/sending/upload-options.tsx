"use client";

import { useFormContext } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
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
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="expires_in"
          label="Expires after (days)"
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          hint="1 to 365 days"
          error={errors.expires_in?.message}
          {...register("expires_in")}
        />
        <TextField
          id="pin"
          label="PIN (optional)"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          hint="5 digits the signers must enter"
          error={errors.pin?.message}
          {...register("pin")}
        />
      </div>
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
      <TextField
        id="callback_url"
        label="Document callback URL (optional)"
        type="url"
        placeholder="https://example.com/hooks/documents"
        hint="Receives the document's events"
        error={errors.callback_url?.message}
        {...register("callback_url")}
      />
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
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField id="api_embed_width" label="Iframe width (pixels)" type="number" min={706} hint="At least 706" error={errors.api_embed_width?.message} {...register("api_embed_width")} />
          <TextField id="api_embed_height" label="Iframe height (pixels)" type="number" min={500} hint="At least 500" error={errors.api_embed_height?.message} {...register("api_embed_height")} />
        </div>
      ) : null}
      {/* Shown only when the account's plan has knowledge-based authentication; the API still has the last word. */}
      {kbaAllowed ? (
        <CheckboxField id="kba" label="Knowledge-based authentication (KBA)" hint="Signers answer identity questions before they sign." error={errors.kba?.message} {...register("kba")} />
      ) : null}
      <CheckboxField
        id="prepare"
        label="Prepare before sending"
        hint="Review the processed document and send it yourself, instead of sending it as soon as it is ready."
        {...register("prepare")}
      />
    </FormSection>
  );
}

"use client";

import { useFormContext } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
import { CheckboxField } from "./form-bits";

// The document options that a send or embed from a template
// (template-document-fields.tsx) and a one-off upload (upload-options.tsx)
// both offer: the same inputs, ids and checks; only some labels and hints
// differ, and those are the callers' to give. Each reads the form it is in
// (react-hook-form's context), whose values have these fields.

/** The fields of the two forms' values that these controls register. */
type DocumentOptionValues = {
  expires_in: string;
  pin: string;
  callback_url: string;
  api_embed_width: string;
  api_embed_height: string;
  kba: boolean;
};

function useOptionsForm() {
  const { register, formState } = useFormContext<DocumentOptionValues>();
  return { register, errors: formState.errors };
}

/** Days until the document expires, and the optional PIN, side by side. */
export function ExpiryAndPinFields({ pinHint }: { pinHint: string }) {
  const { register, errors } = useOptionsForm();
  return (
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
        hint={pinHint}
        error={errors.pin?.message}
        {...register("pin")}
      />
    </div>
  );
}

/** The address that receives the document's events. */
export function CallbackUrlField({ label }: { label: string }) {
  const { register, errors } = useOptionsForm();
  return (
    <TextField
      id="callback_url"
      label={label}
      type="url"
      placeholder="https://example.com/hooks/documents"
      hint="Receives the document's events"
      error={errors.callback_url?.message}
      {...register("callback_url")}
    />
  );
}

/** Width and height of the iframe an embedded signing page is shown in. */
export function EmbedSizeFields({ widthLabel, heightLabel }: { widthLabel: string; heightLabel: string }) {
  const { register, errors } = useOptionsForm();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        id="api_embed_width"
        label={widthLabel}
        type="number"
        inputMode="numeric"
        min={706}
        hint="At least 706"
        error={errors.api_embed_width?.message}
        {...register("api_embed_width")}
      />
      <TextField
        id="api_embed_height"
        label={heightLabel}
        type="number"
        inputMode="numeric"
        min={500}
        hint="At least 500"
        error={errors.api_embed_height?.message}
        {...register("api_embed_height")}
      />
    </div>
  );
}

/**
 * Knowledge-based authentication. Shown only when the account's plan has it
 * (the caller decides); the API still has the last word.
 */
export function KbaField() {
  const { register, errors } = useOptionsForm();
  return (
    <CheckboxField
      id="kba"
      label="Knowledge-based authentication (KBA)"
      hint="Signers answer identity questions before they sign."
      error={errors.kba?.message}
      {...register("kba")}
    />
  );
}

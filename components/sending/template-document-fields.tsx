"use client";

import { useFormContext } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
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
            hint="5 digits the signers must enter before they can see the document"
            error={errors.pin?.message}
            {...register("pin")}
          />
        </div>
        <TextField
          id="callback_url"
          label="Callback URL (optional)"
          type="url"
          placeholder="https://example.com/hooks/documents"
          hint="Receives the document's events"
          error={errors.callback_url?.message}
          {...register("callback_url")}
        />
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
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              id="api_embed_width"
              label="Width (pixels)"
              type="number"
              inputMode="numeric"
              min={706}
              hint="At least 706"
              error={errors.api_embed_width?.message}
              {...register("api_embed_width")}
            />
            <TextField
              id="api_embed_height"
              label="Height (pixels)"
              type="number"
              inputMode="numeric"
              min={500}
              hint="At least 500"
              error={errors.api_embed_height?.message}
              {...register("api_embed_height")}
            />
          </div>
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
          {/* Shown only when the account's plan has knowledge-based authentication; the API still has the last word. */}
          {kbaAllowed ? (
            <CheckboxField
              id="kba"
              label="Knowledge-based authentication (KBA)"
              hint="Signers answer identity questions before they sign."
              error={errors.kba?.message}
              {...register("kba")}
            />
          ) : null}
        </FormSection>
      ) : null}
    </>
  );
}

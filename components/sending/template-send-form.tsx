"use client";

import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { FormProvider, useForm, type FieldPath } from "react-hook-form";
import type { ReusableTemplateResource } from "@/lib/api/templates";
import {
  embedFromTemplateAction,
  prepareFromTemplateAction,
  sendFromTemplateAction,
  type SentDocument,
} from "@/app/(dashboard)/templates/actions";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ActionFailure } from "@/components/dashboard/action-result";
import { controlIdOf, fieldForApiError } from "./api-error-field";
import { focusRefusedControl } from "./focus-refused-control";
import { EmailRowsEditor } from "./email-rows-editor";
import { EmbedPreviews } from "./embed-preview";
import { MergeFieldEditor } from "./merge-field-editor";
import { TagRowsEditor } from "./tag-rows-editor";
import { TemplateDocumentFields, TemplateOptionFields } from "./template-document-fields";
import { TemplateRoleEditor } from "./template-role-editor";
import {
  defaultTemplateSendValues,
  templateSendResolver,
  toTemplateSendBody,
  type TemplateFormMode,
  type TemplateSendBody,
  type TemplateSendValues,
} from "./template-send-values";

type Props = { template: ReusableTemplateResource; mode: TemplateFormMode; kbaAllowed: boolean };

/**
 * Send (or embed) a document from a template. The form is checked with the
 * API's own schema before it leaves; whatever the API still refuses comes back
 * in the spec's words and is shown at the control it concerns.
 */
export function TemplateSendForm({ template, mode, kbaAllowed }: Props) {
  const router = useRouter();
  const [topError, setTopError] = useState<string | null>(null);
  const [embedded, setEmbedded] = useState<SentDocument | null>(null);
  const bodyOptions = useMemo(() => ({ mode, kbaAllowed, sequencing: template.signer_sequencing }), [mode, kbaAllowed, template.signer_sequencing]);
  const resolver = useMemo(() => templateSendResolver(bodyOptions), [bodyOptions]);
  const form = useForm<TemplateSendValues, unknown, TemplateSendBody>({ defaultValues: defaultTemplateSendValues(template), resolver });

  const send = useActionMutation((body: TemplateSendBody) => (mode === "embed" ? embedFromTemplateAction : sendFromTemplateAction)(template.id, body), {
    success: (doc) => (mode === "embed" ? `Embedded document "${doc.name}" created` : `"${doc.name}" sent for signature`),
    failure: mode === "embed" ? "The document was not created" : "The document was not sent",
  });
  const prepare = useActionMutation((body: TemplateSendBody) => prepareFromTemplateAction(template.id, body), {
    success: "Draft ready: opening the review page",
    failure: "The draft was not prepared",
  });
  const busy = send.isPending || prepare.isPending;

  /** An API refusal goes next to its control; what belongs to none goes at the top. */
  function showServerError(err: Error) {
    const message = err.message;
    // `field` is the parameter the API named (the message is already the dashboard's sentence).
    const param = err instanceof ActionFailure && err.field ? err.field : message;
    // A merge value is named by its place in the request; the form row it came from carries the message.
    const mergeIndex = /^merge_field_values\[(\d+)\]/.exec(param)?.[1];
    const mergeRow = mergeIndex === undefined ? undefined : toTemplateSendBody(form.getValues(), bodyOptions).mergeRows[Number(mergeIndex)];
    const field = mergeRow === undefined ? fieldForApiError(param) : `merge.${mergeRow}.value`;
    // Only a control that is on the page can carry the message (KBA is hidden on plans without it).
    const control = field ? document.getElementById(mergeRow === undefined ? controlIdOf(field) : `merge-${mergeRow}`) : null;
    if (field && control) {
      form.setError(field as FieldPath<TemplateSendValues>, { type: "server", message });
      control.scrollIntoView({ block: "center", behavior: "smooth" });
      focusRefusedControl(control);
    } else {
      setTopError(message);
      window.scrollTo({ top: 0, behavior: "smooth" });
    }
  }

  const onSend = form.handleSubmit(async (body) => {
    setTopError(null);
    setEmbedded(null);
    try {
      const doc = await send.mutateAsync(body);
      if (mode === "embed") setEmbedded(doc);
      else router.push(`/documents/${doc.id}`);
    } catch (err) {
      showServerError(err as Error);
    }
  });

  const onPrepare = form.handleSubmit(async (body) => {
    setTopError(null);
    const { in_person: _unused, ...rest } = body;
    try {
      const { url } = await prepare.mutateAsync(rest);
      // The review page is the API's own address (spec: prepare_document answers it); only follow a web address.
      if (/^https?:\/\//i.test(url)) window.location.assign(url);
      else setTopError("The API answered an unexpected review address.");
    } catch (err) {
      showServerError(err as Error);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSend} noValidate className="space-y-5" aria-busy={busy}>
        {topError ? <Alert>{topError}</Alert> : null}
        {Object.keys(form.formState.errors).length > 0 && !topError ? (
          <Alert>Some details need attention: see the messages below.</Alert>
        ) : null}
        <fieldset disabled={busy} className="space-y-5">
          <TemplateDocumentFields />
          <TemplateRoleEditor sequencing={template.signer_sequencing} emailsOptional={mode === "embed"} />
          <MergeFieldEditor />
          <TemplateOptionFields mode={mode} kbaAllowed={kbaAllowed} />
          <TagRowsEditor />
          <EmailRowsEditor />
        </fieldset>
        <div className="sticky bottom-0 -mx-4 flex flex-col gap-2 border-t border-slate-200 bg-slate-50/95 px-4 py-3 sm:static sm:mx-0 sm:flex-row sm:border-0 sm:bg-transparent sm:px-0">
          <Button type="submit" disabled={busy} aria-busy={send.isPending}>
            {send.isPending ? <Spinner /> : null}
            {mode === "embed" ? (send.isPending ? "Creating…" : "Create embedded document") : send.isPending ? "Sending…" : "Send document"}
          </Button>
          {mode === "send" ? (
            <Button type="button" variant="secondary" disabled={busy} onClick={onPrepare} aria-busy={prepare.isPending}>
              {prepare.isPending ? <Spinner /> : null}
              {prepare.isPending ? "Preparing…" : "Prepare for review"}
            </Button>
          ) : null}
        </div>
      </form>
      {embedded ? <EmbedPreviews document={embedded} /> : null}
    </FormProvider>
  );
}

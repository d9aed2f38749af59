"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { FormProvider, useForm, type FieldPath } from "react-hook-form";
import { createSendingRequestAction, markUploadedAction } from "@/app/(dashboard)/send/actions";
import { usePoll } from "@/components/dashboard/use-poll";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useToast } from "@/components/ui/toast";
import { controlIdOf, fieldForApiError, humanApiMessage } from "./api-error-field";
import { focusRefusedControl } from "./focus-refused-control";
import { EmailRowsEditor } from "./email-rows-editor";
import { FileDrop } from "./file-drop";
import { putFile } from "./put-file";
import { TagRowsEditor } from "./tag-rows-editor";
import { UploadAdvancedFields, UploadDocumentFields } from "./upload-options";
import { UploadProgress, stepOf, type WizardRun } from "./upload-progress";
import { UploadRolesEditor } from "./upload-roles-editor";
import { defaultUploadValues, uploadResolver, type UploadBody, type UploadValues } from "./upload-values";

type Status = { id: string; status: string; status_message: string | null; document_template_id: string | null };

const FINAL = new Set(["completed", "errored"]);
const unreachable = "The server could not be reached. Check your connection and try again.";

async function fetchStatus(id: string): Promise<Status> {
  const res = await fetch(`/send/status/${encodeURIComponent(id)}`, { cache: "no-store" });
  const body = (await res.json().catch(() => ({}))) as Partial<Status> & { error?: string };
  if (!res.ok) throw new Error(body.error ?? `The status could not be read (HTTP ${res.status}).`);
  return body as Status;
}

/**
 * The one-off sending wizard (spec 4.6): create the sending request, PUT the
 * file straight to its upload address (with progress), call `uploaded`, then
 * follow the status until the document exists. A failure at any step keeps
 * the form and the file, so the sender fixes what is wrong and starts again.
 */
export function UploadWizard({ kbaAllowed }: { kbaAllowed: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [run, setRun] = useState<WizardRun>({ phase: "idle" });
  const [topError, setTopError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const resolver = useMemo(() => uploadResolver(kbaAllowed), [kbaAllowed]);
  const form = useForm<UploadValues, unknown, UploadBody>({ defaultValues: defaultUploadValues(), resolver });
  const file = form.watch("file");

  const following = run.phase === "following" ? run.id : null;
  const status = usePoll(following, () => fetchStatus(following!), {
    retry: 2,
    every: (s) => (FINAL.has(s?.status ?? "") ? false : 1000),
  });

  // Each answer of the poll moves the steps; the final ones end the run.
  useEffect(() => {
    const s = status.data;
    if (!s || run.phase !== "following" || s.id !== run.id) return;
    if (s.status === "completed" && s.document_template_id) {
      setRun({ phase: "completed", id: s.id, documentId: s.document_template_id });
      toast.show({ tone: "success", title: "File ready", description: "Place the fields, then send." });
      // The builder on the new draft; `from=upload` lets it offer "Send as tagged" when the file's tags placed fields.
      router.push(`/documents/${s.document_template_id}/prepare?from=upload`);
    } else if (s.status === "errored") {
      const message = humanApiMessage(s.status_message ?? "The file could not be processed.");
      setRun({ phase: "failed", step: stepOf(run), message });
      toast.show({ tone: "error", title: "The file could not be processed", description: message });
    } else if (s.status !== run.status) {
      setRun({ ...run, status: s.status });
    }
  }, [status.data, run, router, toast]);

  useEffect(() => {
    if (status.error && run.phase === "following") setRun({ phase: "failed", step: stepOf(run), message: status.error.message });
  }, [status.error, run]);

  function fail(step: number, message: string, title: string) {
    setRun({ phase: "failed", step, message });
    toast.show({ tone: "error", title, description: message });
  }

  const onSubmit = form.handleSubmit(async (body) => {
    const values = form.getValues();
    if (!values.file) return;
    setTopError(null);
    setRun({ phase: "creating" });
    const created = await createSendingRequestAction(body).catch(() => ({ ok: false as const, error: unreachable }));
    if (!created.ok) {
      setRun({ phase: "idle" });
      toast.show({ tone: "error", title: "The sending request was not created", description: created.error });
      // `field` is the parameter the API named (run-action.ts); the message is already in the dashboard's words.
      const field = fieldForApiError(("field" in created && created.field) || created.error, { callback_url: "request_callback_url" });
      const control = field ? document.getElementById(controlIdOf(field)) : null;
      if (field && control) {
        form.setError(field as FieldPath<UploadValues>, { type: "server", message: created.error });
        control.scrollIntoView({ block: "center", behavior: "smooth" });
        focusRefusedControl(control);
      } else setTopError(created.error);
      return;
    }
    const { id, upload_url } = created.data;
    abort.current = new AbortController();
    setRun({ phase: "uploading", id, loaded: 0, total: values.file.size });
    try {
      await putFile(upload_url, values.file, (loaded, total) => setRun({ phase: "uploading", id, loaded, total }), abort.current.signal);
    } catch (err) {
      return fail(0, (err as Error).message, "The file was not uploaded");
    }
    setRun({ phase: "starting", id });
    // Always prepared (spec 4.6 prepare_document=true): the file becomes a draft and the builder opens on it,
    // pre-filled with the fields of any text tags. The wizard follows processing itself and then opens the builder.
    const started = await markUploadedAction(id, true).catch(() => ({ ok: false as const, error: unreachable }));
    if (!started.ok) return fail(1, started.error, "Processing did not start");
    toast.show({ tone: "info", title: "File uploaded", description: "Processing has started." });
    setRun({ phase: "following", id, status: started.data.status ?? "processing" });
  });

  const busy = run.phase !== "idle" && run.phase !== "failed";
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={busy}>
        {topError ? <Alert>{topError}</Alert> : null}
        <fieldset disabled={busy} className="space-y-5">
          <section aria-labelledby="file-title" className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200">
            <h2 id="file-title" className="font-medium text-slate-900">
              File
            </h2>
            <FileDrop
              file={file}
              disabled={busy}
              error={form.formState.errors.file?.message}
              onFile={(f) => {
                form.setValue("file", f, { shouldValidate: form.formState.isSubmitted });
                // A document name from the file, unless the sender already wrote one.
                if (f && !form.getValues("name").trim()) form.setValue("name", f.name.replace(/\.[^.]+$/, ""));
              }}
            />
          </section>
          <UploadDocumentFields />
          <UploadRolesEditor />
          <TagRowsEditor />
          <EmailRowsEditor />
          <UploadAdvancedFields kbaAllowed={kbaAllowed} />
        </fieldset>
        <UploadProgress
          run={run}
          onCancel={() => abort.current?.abort()}
          onRestart={() => {
            setRun({ phase: "idle" });
            document.getElementById("file")?.scrollIntoView({ block: "center", behavior: "smooth" });
          }}
        />
        {run.phase === "idle" || run.phase === "failed" ? (
          <Button type="submit">
            Upload and place fields
          </Button>
        ) : (
          <Button type="button" disabled aria-busy="true">
            <Spinner /> Working…
          </Button>
        )}
      </form>
    </FormProvider>
  );
}

"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { lazyZodResolver } from "@/components/dashboard/lazy-resolver";
import { VOID_REASON_MAX } from "@/lib/api/void-reason";
import type { VoidDocumentForm } from "@/lib/api/void-document";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

const resolver = lazyZodResolver<VoidDocumentForm>(() => import("@/lib/api/void-document").then((m) => m.voidDocumentForm));

/**
 * Void, behind a confirmation that asks why: it cannot be undone, signers
 * lose access, and the ones who were asked to sign are e-mailed the reason
 * (it also stays on the document and in its audit trail).
 */
export function VoidDocumentButton({
  name,
  voidAction,
}: {
  name: string;
  voidAction: (reason: string) => Promise<ActionResult<{ status: string }>>;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<VoidDocumentForm>({ resolver, defaultValues: { reason: "" } });
  const mutation = useActionMutation((v: VoidDocumentForm) => voidAction(v.reason), {
    success: "Document voided",
    failure: "Document not voided",
    onSuccess: () => setOpen(false),
  });
  const pending = mutation.isPending;
  const reasonError = form.formState.errors.reason?.message ?? (mutation.error?.field === "reason" ? mutation.error.message : undefined);
  const otherError = mutation.error && mutation.error.field !== "reason" ? mutation.error.message : null;
  const close = () => {
    if (!pending) setOpen(false);
  };

  return (
    <>
      <Button
        type="button"
        variant="danger"
        onClick={() => {
          mutation.reset();
          form.reset({ reason: "" });
          setOpen(true);
        }}
      >
        Void document
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Void this document?"
        description={
          <>
            <strong>{name}</strong> will be voided: signers can no longer open or sign it. This cannot be undone.
          </>
        }
      >
        <form noValidate className="space-y-4" onSubmit={form.handleSubmit((v) => mutation.mutate(v))}>
          <div className="space-y-1">
            <label htmlFor="void-reason" className="block text-sm font-medium text-slate-700">
              Reason for voiding
            </label>
            <textarea
              id="void-reason"
              rows={3}
              maxLength={VOID_REASON_MAX}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? "void-reason-error" : "void-reason-hint"}
              aria-required
              autoFocus
              className="block w-full rounded-md border-0 px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-600 aria-invalid:ring-red-500"
              placeholder="The terms changed; a corrected version follows."
              {...form.register("reason")}
            />
            {reasonError ? (
              <p id="void-reason-error" role="alert" className="text-sm text-red-600">
                {reasonError}
              </p>
            ) : (
              <p id="void-reason-hint" className="text-sm text-slate-500">
                The signers who were asked to sign are e-mailed this reason.
              </p>
            )}
          </div>
          {otherError ? <Alert>{otherError}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={pending} aria-busy={pending}>
              {pending ? (
                <>
                  <Spinner /> Voiding…
                </>
              ) : (
                "Void document"
              )}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

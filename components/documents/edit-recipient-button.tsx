"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import type { EditedRecipient, EditRecipientBody } from "@/lib/api/document-actions";
import { lazyZodResolver } from "@/components/dashboard/lazy-resolver";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";

const resolver = lazyZodResolver<EditRecipientBody>(() => import("@/lib/api/document-actions").then((m) => m.editRecipientBody));

// The contract's words are the API's ("must not be empty."); a sender reads these.
const HUMAN: Record<keyof EditRecipientBody, string> = {
  name: "Enter the signer's name (up to 200 characters).",
  email: "Enter an e-mail address such as name@example.com.",
};

/**
 * "Edit" for a pending recipient: a new name and address, parsed with the
 * API's own contract. Saving revokes the link sent before and e-mails a new
 * invitation when it is their turn; the dialog says so before and after.
 */
export function EditRecipientButton({
  recipient,
  save,
}: {
  recipient: { name: string; email: string | null; role_name: string };
  save: (body: EditRecipientBody) => Promise<ActionResult<EditedRecipient>>;
}) {
  const [open, setOpen] = useState(false);
  const defaults = { name: recipient.name, email: recipient.email ?? "" };
  const form = useForm<EditRecipientBody>({ resolver, defaultValues: defaults });
  const mutation = useActionMutation(save, {
    success: (r) =>
      !r.changed ? "Nothing changed" : r.invited ? `Signer changed: a new invitation went to ${r.email}` : "Signer changed: they will be invited when it is their turn",
    failure: "Signer not changed",
    onSuccess: () => setOpen(false),
  });
  const onSubmit = form.handleSubmit((body) => mutation.mutate(body));
  const apiError = mutation.error;
  const fieldError = (name: keyof EditRecipientBody) =>
    (form.formState.errors[name] ? HUMAN[name] : undefined) ?? (apiError?.field === name ? apiError.message : undefined);
  const formError = apiError && apiError.field !== "name" && apiError.field !== "email" ? apiError.message : null;
  const who = recipient.name || recipient.role_name;

  return (
    <>
      <Button
        type="button"
        variant="secondary"
        className="px-3 py-1.5 whitespace-nowrap"
        onClick={() => {
          mutation.reset();
          form.reset(defaults);
          setOpen(true);
        }}
      >
        Edit<span className="sr-only"> {who}</span>
      </Button>
      <Dialog
        open={open}
        onClose={() => (mutation.isPending ? undefined : setOpen(false))}
        title={`Change the ${recipient.role_name} signer`}
        description="The link sent before stops working at once; the new address gets a new invitation when it is their turn. The change is recorded in the audit trail."
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <TextField id="edit-recipient-name" label="Name" autoComplete="off" error={fieldError("name")} {...form.register("name")} />
          <TextField id="edit-recipient-email" label="E-mail address" type="email" autoComplete="off" error={fieldError("email")} {...form.register("email")} />
          {formError ? <Alert>{formError}</Alert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
              {mutation.isPending ? <Spinner /> : null}
              {mutation.isPending ? "Saving…" : "Save and resend"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

"use client";

import { useForm } from "react-hook-form";
import type { NotificationSettings } from "@/lib/api/notification-settings";
import { NOTIFICATION_EVENTS, type NotificationEvent } from "@/lib/api/notification-events";
import { lazyZodResolver } from "@/components/dashboard/lazy-resolver";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { CheckboxField } from "@/components/sending/form-bits";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

// The API's schema (zod) loads when the form is first checked, not with the page.
const resolver = lazyZodResolver<NotificationSettings>(() => import("@/lib/api/notification-settings").then((m) => m.notificationSettingsSchema));

const LABELS: Record<NotificationEvent, { label: string; hint: string }> = {
  viewed: { label: "A signer opens a document", hint: "Once per signer, the first time they open it." },
  signed: { label: "A signer signs", hint: "One e-mail for each signer." },
  completed: { label: "Everyone has signed", hint: "With a link to the signed PDF." },
  declined: { label: "A signer declines", hint: "With the reason they gave." },
  expired: { label: "A document expires", hint: "Before everyone signed, with who had not." },
};

/**
 * Which e-mails the user gets about the documents they send. Saved with the
 * same schema the API checks (lib/api/notification-settings.ts); the
 * checkboxes keep what the user ticked if saving fails, and say why below.
 */
export function NotificationSettingsForm({
  initial,
  save,
}: {
  initial: NotificationSettings;
  save: (settings: NotificationSettings) => Promise<ActionResult<NotificationSettings>>;
}) {
  const form = useForm<NotificationSettings>({ resolver, defaultValues: initial });
  const mutation = useActionMutation(save, {
    success: "Notification settings saved",
    failure: "Notification settings not saved",
    onSuccess: (saved) => form.reset(saved),
  });
  const pending = mutation.isPending;

  return (
    <form noValidate className="space-y-4" aria-labelledby="notifications-title" onSubmit={form.handleSubmit((v) => mutation.mutate(v))}>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">E-mail me when</legend>
        {NOTIFICATION_EVENTS.map((event) => (
          <CheckboxField
            key={event}
            id={`notify-${event}`}
            label={LABELS[event].label}
            hint={LABELS[event].hint}
            {...form.register(event)}
          />
        ))}
      </fieldset>
      {mutation.error ? <Alert>{mutation.error.message}</Alert> : null}
      <Button type="submit" disabled={pending || !form.formState.isDirty} aria-busy={pending}>
        {pending ? <Spinner /> : null}
        {pending ? "Saving…" : "Save notification settings"}
      </Button>
    </form>
  );
}

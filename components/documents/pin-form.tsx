"use client";

import { useForm } from "react-hook-form";
import { lazyModule } from "@/components/dashboard/lazy-module";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";

// The API's PIN rule (zod) loads at the first check, not with the page.
const rules = lazyModule(() => import("@/lib/api/documents"));

const FIVE_DIGITS = "Enter a 5-digit PIN from 10000 to 99999.";

/** Sets the PIN signers must enter (update_pin); the PIN itself is never shown back. */
export function PinForm({ enabled, save }: { enabled: boolean; save: (pin: string) => Promise<ActionResult<{ enabled: boolean }>> }) {
  const form = useForm<{ pin: string }>({ defaultValues: { pin: "" } });
  const mutation = useActionMutation(save, {
    success: "PIN set",
    failure: "PIN not set",
    onSuccess: () => form.reset({ pin: "" }),
  });
  // The API's refusal goes to the PIN input too (focused, described by it) and leaves at the next keystroke;
  // the format check is re-run on every change after a try (react-hook-form's reValidateMode), so it leaves once fixed.
  const onSubmit = form.handleSubmit(({ pin }) =>
    mutation.mutate(pin.trim(), { onError: () => requestAnimationFrame(() => document.getElementById("document-pin")?.focus()) }),
  );
  const error = form.formState.errors.pin?.message ?? mutation.error?.message;

  return (
    <form onSubmit={onSubmit} onChange={() => mutation.error && mutation.reset()} noValidate className="space-y-3">
      <p className="text-sm text-slate-600">{enabled ? "Signers must enter a PIN to open this document. Set a new one to replace it." : "No PIN is set."}</p>
      <TextField
        id="document-pin"
        label={enabled ? "New PIN" : "PIN"}
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        error={error}
        hint="5 digits"
        {...form.register("pin", {
          // The same check as the API's (pinValue), plus exactly five digits typed.
          validate: async (v) => (/^\d{5}$/.test(v.trim()) && (await rules.load()).pinValue.safeParse(v.trim()).success) || FIVE_DIGITS,
        })}
      />
      <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
        {mutation.isPending ? <Spinner /> : null}
        {mutation.isPending ? "Saving…" : "Set PIN"}
      </Button>
    </form>
  );
}

"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import type { ChangePasswordBody } from "@/lib/api/profile";
import { PASSWORD_MIN_LENGTH } from "@/lib/api/password-length";
import { lazyZodResolver } from "@/components/dashboard/lazy-resolver";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";

// The API's schema (zod) loads when the form is first checked, not with the page.
const resolver = lazyZodResolver<ChangePasswordBody>(() => import("@/lib/api/profile").then((m) => m.changePasswordBody));

const FIELDS = ["current_password", "new_password"] as const;

/** Current and new password. Other sign-ins end; this one stays (docs/api-decisions.md, "Profile"). */
export function PasswordForm({ change }: { change: (body: ChangePasswordBody) => Promise<ActionResult<{ other_sessions_ended: number }>> }) {
  const [done, setDone] = useState<number | null>(null);
  const form = useForm<ChangePasswordBody>({ resolver, defaultValues: { current_password: "", new_password: "" } });
  const mutation = useActionMutation(change, {
    success: "Password changed",
    failure: "Password not changed",
    onSuccess: (r) => {
      setDone(r.other_sessions_ended);
      form.reset();
    },
  });
  const apiError = mutation.error;
  const fieldError = (name: (typeof FIELDS)[number]) =>
    form.formState.errors[name]?.message ?? (apiError?.field === name ? apiError.message : undefined);
  const formError = apiError && !FIELDS.includes(apiError.field as (typeof FIELDS)[number]) ? apiError.message : null;

  return (
    <form
      onSubmit={form.handleSubmit((body) => {
        setDone(null);
        mutation.mutate(body);
      })}
      onChange={() => mutation.error && mutation.reset()}
      noValidate
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={fieldError("current_password")}
          {...form.register("current_password")}
        />
        <TextField
          id="new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={fieldError("new_password")}
          {...form.register("new_password")}
        />
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      {done !== null ? (
        <Alert tone="info">
          Your password was changed. {done > 0 ? `You were signed out everywhere else (${done} other ${done === 1 ? "session" : "sessions"}).` : "You were signed out everywhere else."}
        </Alert>
      ) : null}
      <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
        {mutation.isPending ? <Spinner /> : null}
        {mutation.isPending ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}

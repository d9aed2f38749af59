"use client";

import { useForm } from "react-hook-form";
import type { Profile, UpdateProfileBody } from "@/lib/api/profile";
import { lazyZodResolver } from "@/components/dashboard/lazy-resolver";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { SelectField } from "@/components/sending/form-bits";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";

// The API's schema (zod) loads when the form is first checked, not with the page.
const resolver = lazyZodResolver<UpdateProfileBody>(() => import("@/lib/api/profile").then((m) => m.updateProfileBody));

export type ZoneOption = { value: string; label: string };

const FIELDS = ["name", "company", "timezone"] as const;

/**
 * Name, company and time zone, validated with the API's own schema. The zone
 * list comes from the server (its ICU), so what is offered is what it accepts.
 */
export function ProfileForm({
  profile,
  zones,
  save,
}: {
  profile: Profile;
  zones: ZoneOption[];
  save: (body: UpdateProfileBody) => Promise<ActionResult<Profile>>;
}) {
  const defaults = { name: profile.name, company: profile.company, timezone: profile.timezone ?? "" };
  const form = useForm<UpdateProfileBody>({ resolver, defaultValues: defaults });
  const mutation = useActionMutation(save, {
    success: "Profile saved",
    failure: "Profile not saved",
    onSuccess: (p) => form.reset({ name: p.name, company: p.company, timezone: p.timezone ?? "" }),
  });
  const apiError = mutation.error;
  const fieldError = (name: (typeof FIELDS)[number]) =>
    form.formState.errors[name]?.message ?? (apiError?.field === name ? apiError.message : undefined);
  const formError = apiError && !FIELDS.includes(apiError.field as (typeof FIELDS)[number]) ? apiError.message : null;
  // A field fixed after a refusal drops the refusal's message with it.
  const clearRefusal = () => {
    if (mutation.error) mutation.reset();
  };

  return (
    <form onSubmit={form.handleSubmit((body) => mutation.mutate(body))} noValidate className="space-y-4" onChange={clearRefusal}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="profile-name" label="Name" autoComplete="name" error={fieldError("name")} {...form.register("name")} />
        <TextField id="profile-company" label="Company" autoComplete="organization" error={fieldError("company")} {...form.register("company")} />
        <TextField id="profile-email" label="E-mail" value={profile.email} readOnly disabled hint="Your sign-in address; it cannot be changed here." />
        <SelectField id="profile-timezone" label="Time zone" error={fieldError("timezone")} {...form.register("timezone")}>
          <option value="">Not set (dates in UTC)</option>
          {zones.map((z) => (
            <option key={z.value} value={z.value}>
              {z.label}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-slate-600">Every date the dashboard shows is in this time zone.</p>
      {formError ? <Alert>{formError}</Alert> : null}
      <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
        {mutation.isPending ? <Spinner /> : null}
        {mutation.isPending ? "Saving…" : "Save profile"}
      </Button>
    </form>
  );
}

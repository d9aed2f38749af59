"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { Application, createApplicationBody } from "@/lib/api/ext";
import { lazyZodResolver } from "@/components/dashboard/lazy-resolver";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { NewApplicationCredentials } from "./new-application-credentials";

type Input = z.input<typeof createApplicationBody>;
type Output = z.output<typeof createApplicationBody>;

const resolver = lazyZodResolver<Input, Output>(() => import("@/lib/api/ext").then((m) => m.createApplicationBody));

/**
 * Registers an API application with the API's own schema, then shows its
 * credentials once (the secret is stored hashed and cannot be shown again).
 */
export function CreateApplicationForm({ create }: { create: (body: Output) => Promise<ActionResult<Application>> }) {
  const [created, setCreated] = useState<Application | null>(null);
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues: { name: "", redirect_uri: "" } });
  const mutation = useActionMutation(create, {
    success: (app) => `Application “${app.name}” created`,
    failure: "Application not created",
    onSuccess: (app) => {
      setCreated(app);
      form.reset();
    },
  });

  const onSubmit = form.handleSubmit((body) => mutation.mutate(body));
  const apiError = mutation.error;
  // A 422 naming a parameter goes under that input; anything else above the button.
  const fieldError = (name: keyof Input) => form.formState.errors[name]?.message ?? (apiError?.field === name ? apiError.message : undefined);
  const formError = apiError && apiError.field !== "name" && apiError.field !== "redirect_uri" ? apiError.message : null;

  if (created) return <NewApplicationCredentials app={created} onDone={() => setCreated(null)} />;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="new-app-title">
      <h3 id="new-app-title" className="text-sm font-semibold text-slate-900">
        New application
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="app-name" label="Name" autoComplete="off" error={fieldError("name")} {...form.register("name")} />
        <TextField
          id="app-redirect-uri"
          label="Redirect URI"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/oauth/callback"
          error={fieldError("redirect_uri")}
          {...form.register("redirect_uri")}
        />
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
        {mutation.isPending ? <Spinner /> : null}
        {mutation.isPending ? "Creating…" : "Create application"}
      </Button>
    </form>
  );
}

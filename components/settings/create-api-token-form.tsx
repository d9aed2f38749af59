"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import type { ApiToken, CreateApiTokenBody, CreateApiTokenInput } from "@/lib/api/api-tokens";
import { lazyZodResolver } from "@/components/dashboard/lazy-resolver";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { SelectField } from "@/components/sending/form-bits";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { NewApiToken } from "./new-api-token";

// The API's schema (zod) loads when the form is first checked, not with the page.
const resolver = lazyZodResolver<CreateApiTokenInput, CreateApiTokenBody>(() => import("@/lib/api/api-tokens").then((m) => m.createApiTokenBody));

/**
 * Makes a private API token with the API's own schema, then shows the token
 * once (it is stored hashed and cannot be shown again).
 */
export function CreateApiTokenForm({ create }: { create: (body: CreateApiTokenBody) => Promise<ActionResult<ApiToken>> }) {
  const [created, setCreated] = useState<ApiToken | null>(null);
  const form = useForm<CreateApiTokenInput, unknown, CreateApiTokenBody>({
    resolver,
    defaultValues: { name: "", scope: "read write" },
  });
  const mutation = useActionMutation(create, {
    success: (t) => `Token “${t.name}” created`,
    failure: "Token not created",
    onSuccess: (t) => {
      setCreated(t);
      form.reset();
    },
  });

  const onSubmit = form.handleSubmit((body) => mutation.mutate(body));
  const apiError = mutation.error;
  const fieldError = (name: keyof CreateApiTokenInput) =>
    form.formState.errors[name]?.message ?? (apiError?.field === name ? apiError.message : undefined);
  const formError = apiError && apiError.field !== "name" && apiError.field !== "scope" ? apiError.message : null;

  if (created) return <NewApiToken token={created} onDone={() => setCreated(null)} />;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="new-token-title">
      <h3 id="new-token-title" className="text-sm font-semibold text-slate-900">
        New token
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="token-name" label="Token name" autoComplete="off" placeholder="CI export script" error={fieldError("name")} {...form.register("name")} />
        <SelectField id="token-scope" label="Access" error={fieldError("scope")} {...form.register("scope")}>
          <option value="read write">Read and write</option>
          <option value="read">Read only</option>
          <option value="write">Write only</option>
        </SelectField>
      </div>
      {formError ? <Alert>{formError}</Alert> : null}
      <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
        {mutation.isPending ? <Spinner /> : null}
        {mutation.isPending ? "Creating…" : "Create token"}
      </Button>
    </form>
  );
}

"use client";

import { useFieldArray, useForm } from "react-hook-form";
import { emailAddress } from "@/lib/api/common";
import { shareDocumentBody } from "@/lib/api/documents";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

type Values = { emails: { address: string }[] };

const input =
  "block w-full rounded-md border-0 px-3 py-1.5 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 aria-invalid:ring-red-500";
const toRows = (list: string[]) => list.map((address) => ({ address }));

/**
 * Replaces who the document is shared with (share replaces the whole list).
 * Checked with the API's schema first; blank rows are simply dropped.
 */
export function ShareEditor({ sharedWith, save }: { sharedWith: string[]; save: (list: string[]) => Promise<ActionResult<string[]>> }) {
  const form = useForm<Values>({ defaultValues: { emails: toRows(sharedWith) } });
  const rows = useFieldArray({ control: form.control, name: "emails" });
  const mutation = useActionMutation(save, {
    success: "Share list saved",
    failure: "Share list not saved",
    onSuccess: (saved) => form.reset({ emails: toRows(saved) }),
  });

  const onSubmit = form.handleSubmit(({ emails }) => {
    form.clearErrors("root");
    const list = emails.map((e) => e.address.trim()).filter(Boolean);
    const parsed = shareDocumentBody.safeParse({ shared_with: list });
    if (!parsed.success) return form.setError("root.share", { message: parsed.error.issues[0]?.message ?? "These addresses are not valid." });
    mutation.mutate(list);
  });

  const error = form.formState.errors.root?.share?.message ?? mutation.error?.message;
  const watched = form.watch("emails");
  const invalid = (i: number) => {
    const v = (watched[i]?.address ?? "").trim();
    return Boolean(error) && v !== "" && !emailAddress.safeParse(v).success;
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      {rows.fields.length === 0 ? <p className="text-sm text-slate-600">Not shared with anyone.</p> : null}
      <ul className="space-y-2">
        {rows.fields.map((field, i) => (
          <li key={field.id} className="flex items-end gap-2">
            <div className="flex-1">
              <label htmlFor={`share-${i}`} className="block text-xs font-medium text-slate-600">
                E-mail address {i + 1}
              </label>
              <input
                id={`share-${i}`}
                type="text"
                inputMode="email"
                autoComplete="off"
                {...form.register(`emails.${i}.address`)}
                aria-invalid={invalid(i) || undefined}
                aria-describedby={invalid(i) ? "share-error" : undefined}
                className={input}
              />
            </div>
            <Button type="button" variant="secondary" className="px-2 py-1.5" onClick={() => rows.remove(i)} aria-label={`Remove ${watched[i]?.address || `address ${i + 1}`}`}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      {error ? (
        <p id="share-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => rows.append({ address: "" })}>
          Add address
        </Button>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? <Spinner /> : null}
          {mutation.isPending ? "Saving…" : "Save share list"}
        </Button>
      </div>
    </form>
  );
}

"use client";

import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { lazyModule } from "@/components/dashboard/lazy-module";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { humanIssue } from "@/components/sending/api-error-field";

type Values = { emails: { address: string }[] };

const input =
  "block w-full rounded-md border-0 px-3 py-1.5 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 aria-invalid:ring-red-500";
const toRows = (list: string[]) => list.map((address) => ({ address }));

// The API's rules (zod) load at the first save, not with the page.
const rules = lazyModule(() => Promise.all([import("@/lib/api/common"), import("@/lib/api/documents")]));

/** The rows that are not e-mail addresses, and what the sender is told (blank rows are simply dropped; the rules are loaded by then). */
function problemOf(emails: Values["emails"]): { message: string; rows: number[] } | null {
  const loaded = rules.get();
  if (!loaded) return null;
  const [{ emailAddress }, { shareDocumentBody }] = loaded;
  const bad = emails.flatMap((e, i) => {
    const v = e.address.trim();
    return v !== "" && !emailAddress.safeParse(v).success ? [i] : [];
  });
  if (bad.length) {
    const first = emails[bad[0]!]!.address.trim();
    return { message: `“${first}” is not an e-mail address. Use the form name@example.com.`, rows: bad };
  }
  const parsed = shareDocumentBody.safeParse({ shared_with: emails.map((e) => e.address.trim()).filter(Boolean) });
  if (!parsed.success) return { message: humanIssue(parsed.error.issues[0]?.path ?? [], parsed.error.issues[0]?.message ?? "These addresses are not valid."), rows: [] };
  return null;
}

/**
 * Replaces who the document is shared with (share replaces the whole list).
 * Checked with the API's rules first: a wrong address is marked at its row
 * (aria-invalid, described by the message, focused) until it is fixed.
 */
export function ShareEditor({ sharedWith, save }: { sharedWith: string[]; save: (list: string[]) => Promise<ActionResult<string[]>> }) {
  const form = useForm<Values>({ defaultValues: { emails: toRows(sharedWith) } });
  const rows = useFieldArray({ control: form.control, name: "emails" });
  const [tried, setTried] = useState(false);
  const mutation = useActionMutation(save, {
    success: "Share list saved",
    failure: "Share list not saved",
    onSuccess: (saved) => {
      setTried(false);
      form.reset({ emails: toRows(saved) });
    },
  });
  const watched = form.watch("emails");
  const problem = tried ? problemOf(watched) : null;
  const error = problem?.message ?? mutation.error?.message;
  const invalid = (i: number) => Boolean(problem?.rows.includes(i));

  const onSubmit = form.handleSubmit(async ({ emails }) => {
    await rules.load();
    setTried(true);
    const found = problemOf(emails);
    if (found) {
      document.getElementById(`share-${found.rows[0] ?? 0}`)?.focus();
      return;
    }
    mutation.mutate(
      emails.map((e) => e.address.trim()).filter(Boolean),
      { onError: () => requestAnimationFrame(() => document.getElementById("share-0")?.focus()) },
    );
  });

  return (
    <form onSubmit={onSubmit} onChange={() => mutation.error && mutation.reset()} noValidate aria-describedby={error ? "share-error" : undefined} className="space-y-3">
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
      <p id="share-error" role="alert" aria-live="assertive" className="text-sm text-red-700 empty:hidden">
        {error ?? ""}
      </p>
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

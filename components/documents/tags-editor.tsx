"use client";

import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { lazyModule } from "@/components/dashboard/lazy-module";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { humanIssue } from "@/components/sending/api-error-field";

type Tags = Record<string, string | null>;
type Values = { rows: { key: string; value: string }[] };

const input =
  "block w-full rounded-md border-0 px-3 py-1.5 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 aria-invalid:ring-red-500";

// An empty value field means "no value" (null), as the API's tags allow.
const toRows = (tags: Tags) => Object.entries(tags).map(([key, value]) => ({ key, value: value ?? "" }));

// The API's rules (zod) load at the first save, not with the page.
const rules = lazyModule(() => import("@/lib/api/documents"));

/** The rows a problem concerns and what the sender is told (the API's rules, in the dashboard's words; loaded by then). */
function problemOf(rows: Values["rows"]): { message: string; rows: number[] } | null {
  const tagsBody = rules.get()?.tagsBody;
  if (!tagsBody) return null;
  const empty = rows.flatMap((r, i) => (r.key.trim() === "" ? [i] : []));
  if (empty.length) return { message: "Every tag needs a name. Type one, or remove the row.", rows: empty };
  // Two rows with one name would silently collapse into one tag.
  const keys = rows.map((r) => r.key.trim());
  const twice = keys.flatMap((k, i) => (keys.indexOf(k) !== i ? [i] : []));
  if (twice.length) return { message: `The tag “${keys[twice[0]!]}” is listed twice. Rename or remove one of them.`, rows: twice };
  const parsed = tagsBody.safeParse(Object.fromEntries(rows.map((r) => [r.key, r.value === "" ? null : r.value])));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const row = rows.findIndex((r) => r.key === issue?.path[0]);
    return { message: humanIssue(issue?.path ?? [], issue?.message ?? "These tags are not valid."), rows: row >= 0 ? [row] : [] };
  }
  return null;
}

/**
 * Replaces the document's tags (update_tags replaces them all). Rows are
 * checked with the API's own rules before sending; a problem is shown at the
 * rows it concerns (aria-invalid, described by the message, the first one
 * focused) and goes away as soon as the rows are fixed. The API's refusal is
 * shown the same way until the next change.
 */
export function TagsEditor({ tags, save }: { tags: Tags; save: (tags: Tags) => Promise<ActionResult<Tags>> }) {
  const form = useForm<Values>({ defaultValues: { rows: toRows(tags) } });
  const rows = useFieldArray({ control: form.control, name: "rows" });
  const [tried, setTried] = useState(false);
  const mutation = useActionMutation(save, {
    success: "Tags saved",
    failure: "Tags not saved",
    onSuccess: (saved) => {
      setTried(false);
      form.reset({ rows: toRows(saved) });
    },
  });
  const watched = form.watch("rows");
  // Checked again on every change once the sender tried to save: the message leaves when the rows are right.
  const problem = tried ? problemOf(watched) : null;
  const error = problem?.message ?? mutation.error?.message;
  const invalid = (i: number) => Boolean(problem?.rows.includes(i));

  const onSubmit = form.handleSubmit(async ({ rows: list }) => {
    await rules.load();
    setTried(true);
    const found = problemOf(list);
    if (found) {
      document.getElementById(`tag-key-${found.rows[0] ?? 0}`)?.focus();
      return;
    }
    // A refusal of the API concerns the tags as a whole: the first name takes the focus, the message describes the list.
    mutation.mutate(Object.fromEntries(list.map((r) => [r.key.trim(), r.value === "" ? null : r.value])), {
      onError: () => requestAnimationFrame(() => document.getElementById("tag-key-0")?.focus()),
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      onChange={() => mutation.error && mutation.reset()}
      noValidate
      aria-describedby={error ? "tags-error" : undefined}
      className="space-y-3"
    >
      {rows.fields.length === 0 ? <p className="text-sm text-slate-600">No tags.</p> : null}
      <ul className="space-y-2">
        {rows.fields.map((field, i) => (
          <li key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <div>
              <label htmlFor={`tag-key-${i}`} className="block text-xs font-medium text-slate-600">
                Name
              </label>
              <input
                id={`tag-key-${i}`}
                {...form.register(`rows.${i}.key`)}
                aria-invalid={invalid(i) || undefined}
                aria-describedby={invalid(i) ? "tags-error" : undefined}
                className={input}
              />
            </div>
            <div>
              <label htmlFor={`tag-value-${i}`} className="block text-xs font-medium text-slate-600">
                Value
              </label>
              <input id={`tag-value-${i}`} {...form.register(`rows.${i}.value`)} placeholder="(none)" className={input} />
            </div>
            <Button type="button" variant="secondary" className="px-2 py-1.5" onClick={() => rows.remove(i)} aria-label={`Remove tag ${watched[i]?.key || i + 1}`}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <p id="tags-error" role="alert" aria-live="assertive" className="text-sm text-red-700 empty:hidden">
        {error ?? ""}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => rows.append({ key: "", value: "" })}>
          Add tag
        </Button>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? <Spinner /> : null}
          {mutation.isPending ? "Saving…" : "Save tags"}
        </Button>
      </div>
    </form>
  );
}

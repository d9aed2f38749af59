"use client";

import { useFieldArray, useForm } from "react-hook-form";
import { tagsBody } from "@/lib/api/documents";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

type Tags = Record<string, string | null>;
type Values = { rows: { key: string; value: string }[] };

const input =
  "block w-full rounded-md border-0 px-3 py-1.5 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 aria-invalid:ring-red-500";

// An empty value field means "no value" (null), as the API's tags allow.
const toRows = (tags: Tags) => Object.entries(tags).map(([key, value]) => ({ key, value: value ?? "" }));

/**
 * Replaces the document's tags (update_tags replaces them all). Rows are
 * checked with the API's own schema before sending, so an empty name is
 * refused here with the API's words; the API's refusal is shown the same way.
 */
export function TagsEditor({ tags, save }: { tags: Tags; save: (tags: Tags) => Promise<ActionResult<Tags>> }) {
  const form = useForm<Values>({ defaultValues: { rows: toRows(tags) } });
  const rows = useFieldArray({ control: form.control, name: "rows" });
  const mutation = useActionMutation(save, {
    success: "Tags saved",
    failure: "Tags not saved",
    onSuccess: (saved) => form.reset({ rows: toRows(saved) }),
  });

  const onSubmit = form.handleSubmit(({ rows: list }) => {
    form.clearErrors("root");
    // Two rows with one name would silently collapse into one tag.
    const keys = list.map((r) => r.key);
    const duplicate = list.find((r, i) => r.key.trim() !== "" && keys.indexOf(r.key) !== i);
    if (duplicate) return form.setError("root.tags", { message: `The tag "${duplicate.key}" is listed twice.` });
    const next: Tags = Object.fromEntries(list.map((r) => [r.key, r.value === "" ? null : r.value]));
    const parsed = tagsBody.safeParse(next);
    if (!parsed.success) return form.setError("root.tags", { message: parsed.error.issues[0]?.message ?? "These tags are not valid." });
    mutation.mutate(next);
  });

  const error = form.formState.errors.root?.tags?.message ?? mutation.error?.message;
  const submitted = form.formState.isSubmitted;
  const watched = form.watch("rows");

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={error ? "tags-error" : undefined} className="space-y-3">
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
                aria-invalid={submitted && Boolean(error) && (watched[i]?.key ?? "").trim() === "" ? true : undefined}
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
      {error ? (
        <p id="tags-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
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

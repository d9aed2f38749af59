"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { checkTags, type TemplateTag } from "./tag-types";

type Row = { key: number; name: string; value: string };
const input = "mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600";

/** Edits the whole tag list at once; saving replaces every tag with these rows (POST). */
export function TagReplaceEditor({
  initial,
  pending,
  error,
  onSave,
  onCancel,
}: {
  initial: TemplateTag[];
  pending: boolean;
  error?: string;
  onSave: (tags: TemplateTag[]) => void;
  onCancel: () => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => initial.map((t, i) => ({ key: i, name: t.tag_name, value: t.value ?? "" })));
  const [nextKey, setNextKey] = useState(initial.length);
  const [local, setLocal] = useState<string | null>(null);

  const update = (key: number, change: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    // Fully blank rows are left out; a value without a name is reported (the API refuses empty names).
    const tags = rows
      .filter((r) => r.name.trim() !== "" || r.value !== "")
      .map((r) => ({ tag_name: r.name.trim(), value: r.value === "" ? null : r.value }));
    const problem = await checkTags(tags);
    setLocal(problem);
    if (!problem) onSave(tags);
  }

  const shown = local ?? error;
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" aria-label="Replace all tags">
      <p className="text-sm text-slate-700">Saving replaces all of the template&rsquo;s tags with these rows. Remove every row to clear them.</p>
      <ul className="space-y-2">
        {rows.map((r, i) => (
          <li key={r.key} className="flex flex-wrap items-end gap-2">
            <label className="min-w-0 flex-1 text-sm">
              <span className="block font-medium text-slate-700">Name of tag {i + 1}</span>
              <input className={input} value={r.name} onChange={(e) => update(r.key, { name: e.target.value })} />
            </label>
            <label className="min-w-0 flex-1 text-sm">
              <span className="block font-medium text-slate-700">Value of tag {i + 1}</span>
              <input className={input} value={r.value} onChange={(e) => update(r.key, { value: e.target.value })} />
            </label>
            <Button type="button" variant="secondary" aria-label={`Remove row ${i + 1}`} onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <Button
        type="button"
        variant="secondary"
        onClick={() => {
          setRows((all) => [...all, { key: nextKey, name: "", value: "" }]);
          setNextKey((k) => k + 1);
        }}
      >
        Add row
      </Button>
      {shown ? <Alert>{shown}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? <Spinner /> : null} Replace all tags
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { checkTags, type TemplateTag } from "./tag-types";

/** Add a tag, or change the value of one with the same name (PATCH: the other tags stay). */
export function TagAddForm({ pending, error, onSave }: { pending: boolean; error?: string; onSave: (t: TemplateTag) => Promise<boolean> }) {
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const [local, setLocal] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const tag = { tag_name: name.trim(), value: value === "" ? null : value };
    const problem = await checkTags([tag]);
    setLocal(problem);
    if (problem) return;
    if (await onSave(tag)) {
      setName("");
      setValue("");
    }
  }

  const shown = local ?? error;
  return (
    <form onSubmit={submit} noValidate className="space-y-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" aria-label="Add or update a tag">
      <p className="text-sm font-medium text-slate-800">Add or update a tag</p>
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <TextField id="tag-add-name" label="Tag name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField id="tag-add-value" label="Tag value" value={value} onChange={(e) => setValue(e.target.value)} />
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? <Spinner /> : null} Save tag
        </Button>
      </div>
      {shown ? <Alert>{shown}</Alert> : null}
    </form>
  );
}

"use client";

import { useState } from "react";
import {
  deleteTemplateTagAction,
  listTemplateTagsAction,
  mergeTemplateTagsAction,
  replaceTemplateTagsAction,
} from "@/app/(dashboard)/templates/actions";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { TagAddForm } from "./tag-add-form";
import { TagReplaceEditor } from "./tag-replace-editor";
import type { TemplateTag } from "./tag-types";

/**
 * The template's tags with the four operations of spec 4.5: list (refresh),
 * add or update (PATCH), replace all (POST) and delete one (DELETE). Every
 * answer is the tag list after the operation, which becomes what is shown.
 */
export function TagsManager({ templateId, initialTags }: { templateId: string; initialTags: TemplateTag[] }) {
  const [tags, setTags] = useState(initialTags);
  const [editingAll, setEditingAll] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);

  const list = useActionMutation(() => listTemplateTagsAction(templateId), { success: "Tags reloaded", failure: "The tags could not be loaded", onSuccess: setTags });
  const merge = useActionMutation((t: TemplateTag) => mergeTemplateTagsAction(templateId, [t]), {
    success: (_d, t) => `Tag "${t.tag_name}" saved`,
    failure: "The tag was not saved",
    onSuccess: setTags,
  });
  const replace = useActionMutation((all: TemplateTag[]) => replaceTemplateTagsAction(templateId, all), {
    success: "All tags replaced",
    failure: "The tags were not replaced",
    onSuccess: (next) => {
      setTags(next);
      setEditingAll(false);
    },
  });
  const remove = useActionMutation((name: string) => deleteTemplateTagAction(templateId, name), {
    success: (_d, name) => `Tag "${name}" deleted`,
    failure: "The tag was not deleted",
    onSuccess: setTags,
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="secondary" onClick={() => list.mutate(undefined)} disabled={list.isPending} aria-busy={list.isPending}>
          {list.isPending ? <Spinner /> : null} Refresh
        </Button>
        {!editingAll ? (
          <Button type="button" variant="secondary" onClick={() => setEditingAll(true)}>
            Edit all tags
          </Button>
        ) : null}
      </div>
      {list.error ? <Alert>{list.error.message}</Alert> : null}

      {editingAll ? (
        <TagReplaceEditor
          initial={tags}
          pending={replace.isPending}
          error={replace.error?.message}
          onCancel={() => {
            replace.reset();
            setEditingAll(false);
          }}
          onSave={(all) => replace.mutate(all)}
        />
      ) : (
        <>
          {tags.length === 0 ? (
            <p className="text-sm text-slate-600">This template has no tags.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" aria-label="Template tags">
              {tags.map((t) => (
                <li key={t.tag_name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                  <span className="min-w-0 break-all">
                    <strong className="font-medium">{t.tag_name}</strong>
                    <span className="text-slate-500"> = </span>
                    {t.value ?? <em className="text-slate-500">no value</em>}
                  </span>
                  <Button
                    type="button"
                    variant="secondary"
                    className="px-3 py-1"
                    aria-label={`Delete tag ${t.tag_name}`}
                    disabled={remove.isPending}
                    onClick={() => {
                      setDeleting(t.tag_name);
                      remove.mutate(t.tag_name, { onSettled: () => setDeleting(null) });
                    }}
                  >
                    {remove.isPending && deleting === t.tag_name ? <Spinner /> : null} Delete
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {remove.error ? <Alert>{remove.error.message}</Alert> : null}
          <TagAddForm pending={merge.isPending} error={merge.error?.message} onSave={(t) => merge.mutateAsync(t).then(() => true, () => false)} />
        </>
      )}
    </div>
  );
}

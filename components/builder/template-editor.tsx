"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { BuilderPage, BuilderTemplate } from "@/lib/api/builder";
import { createTemplateAction, saveTemplateVersionAction } from "@/app/(dashboard)/templates/builder-actions";
import { ActionFailure } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Button } from "@/components/ui/button";
import { definitionOf, itemOfErrorPath, stateFromDefinition, type BuilderState } from "./builder-model";
import { rolesWithoutFieldsOf } from "./check-state";
import { TemplateBuilder } from "./template-builder";

type Props =
  | { kind: "new"; uploadId: string; pages: BuilderPage[]; initial: BuilderState; kbaAllowed: boolean }
  | { kind: "existing"; template: BuilderTemplate; kbaAllowed: boolean };

/** The builder on a template: the first save creates it, each later save makes a new version. */
export function TemplateEditor(props: Props) {
  const router = useRouter();
  const [version, setVersion] = useState(props.kind === "existing" ? props.template.version : 0);
  const [error, setError] = useState<string | null>(null);
  const pages = props.kind === "existing" ? props.template.pages : props.pages;
  const initial = props.kind === "existing" ? stateFromDefinition(props.template.definition) : props.initial;
  const templateId = props.kind === "existing" ? props.template.id : null;

  const save = useActionMutation(
    (state: BuilderState) =>
      templateId ? saveTemplateVersionAction(templateId, definitionOf(state), version) : createTemplateAction((props as { uploadId: string }).uploadId, definitionOf(state)),
    {
      success: (t) => (t.version === 1 ? "Template created" : `Saved as version ${t.version}`),
      failure: "Template not saved",
    },
  );

  return (
    <TemplateBuilder
      mode="template"
      pages={pages}
      initial={initial}
      kbaAllowed={props.kbaAllowed}
      subtitle={
        <span data-testid="template-version">
          {templateId ? `Version ${version}` : "New template, not saved yet"} · {pages.length} page{pages.length === 1 ? "" : "s"}
        </span>
      }
      actions={({ state, problems, dirty, markSaved, select }) => (
        <>
          {rolesWithoutFieldsOf(state).length ? (
            // A warning, not a refusal: a template is often saved half-done; sending from it is what is refused.
            <p role="status" className="w-full max-w-md rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200" data-testid="bare-roles-warning">
              {rolesWithoutFieldsOf(state)
                .map((r) => `“${r}” has no field yet: documents cannot be sent from this template until ${r} has one.`)
                .join(" ")}
            </p>
          ) : null}
          <span className="text-sm text-slate-600" aria-live="polite">
            {save.isPending ? "Saving…" : dirty ? "Unsaved changes" : templateId ? "All changes saved" : ""}
          </span>
          {error ? (
            <p role="alert" className="w-full max-w-md text-sm text-red-700" id="builder-save-error">
              {error}
            </p>
          ) : null}
          {templateId ? (
            <a href={`/templates/${templateId}`} className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
              Close
            </a>
          ) : null}
          <Button
            type="button"
            disabled={save.isPending || problems.length > 0 || (!dirty && !!templateId)}
            aria-describedby={error ? "builder-save-error" : undefined}
            onClick={() => {
              setError(null);
              save.mutate(state, {
                onSuccess: (t) => {
                  setVersion(t.version);
                  markSaved(stateFromDefinition(t.definition));
                  if (!templateId) router.replace(`/templates/${t.id}/edit`);
                },
                onError: (e) => {
                  setError(e.message);
                  // The parameter the API named (definition[fields][2]…) picks the field; the message is already human.
            const item = itemOfErrorPath(state, (e instanceof ActionFailure && e.field) || e.message);
                  if (item) select(item.key);
                },
              });
            }}
          >
            {save.isPending ? "Saving…" : templateId ? "Save new version" : "Save template"}
          </Button>
        </>
      )}
    />
  );
}

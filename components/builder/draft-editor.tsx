"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { DocumentDraft, SaveDocumentDraftBody } from "@/lib/api/builder";
import { saveDraftAction, sendDraftAction } from "@/app/(dashboard)/documents/[id]/prepare/actions";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { fieldsOf, fromField, fromMerge, itemOfErrorPath, type BuilderState } from "./builder-model";
import { TemplateBuilder } from "./template-builder";

export function draftState(d: DocumentDraft): BuilderState {
  return {
    settings: { name: d.name, expires_in: 30, signer_sequencing: d.signer_sequencing, identity_method: "email", kba: false, passcode: false, tags: [], shared_with: [] },
    roles: d.recipients.map((r) => ({ key: r.id, recipientId: r.id, name: r.role_name, signer_name: r.name, signer_email: r.email ?? "", message: "", omitted: r.omitted })),
    items: [...d.fields.map(fromField), ...d.merge_fields.map((m) => fromMerge(m, true))],
  };
}

const bodyOf = (s: BuilderState): SaveDocumentDraftBody => ({
  name: s.settings.name,
  fields: fieldsOf(s),
  recipients: s.roles.map((r) => ({ id: r.recipientId!, name: r.signer_name, email: r.signer_email.trim() })),
});

/**
 * The builder on a draft (prepare_document, or a sending request uploaded
 * with prepare_document=true): adjust fields and signers, save, send.
 * Closing without sending keeps the draft as last saved.
 */
export function DraftEditor({ draft }: { draft: DocumentDraft }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const editable = draft.state === "draft";
  const save = useActionMutation((s: BuilderState) => saveDraftAction(draft.id, bodyOf(s)), { success: "Draft saved", failure: "Draft not saved" });
  const send = useActionMutation((s: BuilderState) => sendDraftAction(draft.id, bodyOf(s)), {
    success: "Document sent",
    failure: "Document not sent",
    onSuccess: () => router.push(`/documents/${draft.id}`),
  });
  const busy = save.isPending || send.isPending;

  return (
    <div className="space-y-4">
      {editable ? null : (
        <Alert tone="info">
          This document is {draft.state}; there is nothing left to prepare. <a className="font-semibold underline" href={`/documents/${draft.id}`}>Open the document</a>
        </Alert>
      )}
      <TemplateBuilder
        mode="document"
        pages={draft.pages}
        initial={draftState(draft)}
        readOnly={!editable}
        subtitle={
          <span>
            {draft.filename} · <strong data-testid="draft-state">{draft.state}</strong>
          </span>
        }
        actions={({ state, problems, dirty, markSaved, select }) => {
          const failed = (e: Error) => {
            setError(e.message);
            const item = itemOfErrorPath(state, e.message);
            if (item) select(item.key);
          };
          return editable ? (
            <>
              <span className="text-sm text-slate-600" aria-live="polite">
                {busy ? "Saving…" : dirty ? "Unsaved changes" : "Draft saved"}
              </span>
              {error ? (
                <p role="alert" className="w-full max-w-md text-sm text-red-700">
                  {error}
                </p>
              ) : null}
              <a href="/documents" className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
                Close
              </a>
              <Button
                type="button"
                variant="secondary"
                disabled={busy || !dirty || problems.length > 0}
                onClick={() => {
                  setError(null);
                  save.mutate(state, { onSuccess: (d) => markSaved(draftState(d)), onError: failed });
                }}
              >
                Save draft
              </Button>
              <Button
                type="button"
                disabled={busy || problems.length > 0}
                onClick={() => {
                  setError(null);
                  send.mutate(state, { onError: failed });
                }}
              >
                {send.isPending ? "Sending…" : "Send for signature"}
              </Button>
            </>
          ) : null;
        }}
      />
    </div>
  );
}

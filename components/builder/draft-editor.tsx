"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { DocumentDraft, SaveDocumentDraftBody } from "@/lib/api/builder";
import { saveDraftAction, sendDraftAction } from "@/app/(dashboard)/documents/[id]/prepare/actions";
import { ActionFailure } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { noFieldsMessage } from "@/lib/api/field-rules";
import { fieldsOf, fromField, fromMerge, itemOfErrorPath, type BuilderState } from "./builder-model";
import { rolesWithoutFieldsOf } from "./check-state";
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
 * The builder on a draft (prepare_document, or a one-off file from the send
 * wizard, which always prepares): adjust fields and signers, save, send.
 * Closing without sending keeps the draft as last saved. Straight from an
 * upload (`fromUpload`) it says what to do: with fields from the file's text
 * tags, "Send as tagged" sends them unchanged in one click; without, place a
 * field per signer. A signer without any field is never sent.
 */
export function DraftEditor({ draft, fromUpload = false }: { draft: DocumentDraft; fromUpload?: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  // After a send was refused for signers without fields, the message follows the fields: it leaves once each has one.
  const [triedSend, setTriedSend] = useState(false);
  const editable = draft.state === "draft";
  const save = useActionMutation((s: BuilderState) => saveDraftAction(draft.id, bodyOf(s)), { success: "Draft saved", failure: "Draft not saved" });
  const send = useActionMutation((s: BuilderState) => sendDraftAction(draft.id, bodyOf(s)), {
    success: "Document sent",
    failure: "Document not sent",
    onSuccess: () => router.push(`/documents/${draft.id}`),
  });
  const busy = save.isPending || send.isPending;
  const tagged = draft.fields.length;

  return (
    <div className="space-y-4">
      {editable ? null : (
        <Alert tone="info">
          This document is {draft.state}; there is nothing left to prepare. <a className="font-semibold underline" href={`/documents/${draft.id}`}>Open the document</a>
        </Alert>
      )}
      {editable && fromUpload ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700 ring-1 ring-inset ring-brand-100" data-testid="upload-next-step">
          {tagged > 0 ? (
            <>
              <p>
                The text tags in your file placed {tagged === 1 ? "1 field" : `${tagged} fields`}. Check them here, or send the document as it is tagged.
              </p>
              <Button
                type="button"
                disabled={busy}
                onClick={() => {
                  setError(null);
                  send.mutate(draftState(draft), { onError: (e) => setError(e.message) });
                }}
              >
                Send as tagged
              </Button>
            </>
          ) : (
            <p>Place what each signer fills in: press a field under “Fields” (it lands on a free spot of the page in view) or drag it onto the page. Every signer needs at least one field.</p>
          )}
        </div>
      ) : null}
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
            // The parameter the API named (definition[fields][2]…) picks the field; the message is already human.
            const item = itemOfErrorPath(state, (e instanceof ActionFailure && e.field) || e.message);
            if (item) select(item.key);
          };
          const bare = rolesWithoutFieldsOf(state);
          const shown = (triedSend && bare.length ? bare.map(noFieldsMessage).join(" ") : null) ?? error;
          return editable ? (
            <>
              <span className="text-sm text-slate-600" aria-live="polite">
                {busy ? "Saving…" : dirty ? "Unsaved changes" : "Draft saved"}
              </span>
              <p id="draft-send-error" role="alert" className="w-full max-w-md text-sm text-red-700 empty:hidden">
                {shown ?? ""}
              </p>
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
                aria-describedby={shown ? "draft-send-error" : undefined}
                onClick={() => {
                  setError(null);
                  // The server refuses it too (POST /ext/documents/:id/send); saying so here keeps the draft unsent and unsaved.
                  setTriedSend(true);
                  if (bare.length) return;
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

"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import type { SignerView } from "@/lib/api/signing";
import { ActionBar } from "./action-bar";
import { FieldOverlay } from "./field-overlay";
import { fieldDomId, focusField, isFilled, type SignerField } from "./field-utils";
import { FinishedState } from "./finished-state";
import { PageViewer } from "./page-viewer";
import type { SignatureKind } from "./signature-maker";
import { SignerHeader } from "./signer-header";
import { useSigningState } from "./use-signing-state";
import { UI_FONT_STACK } from "./script-fonts";
import { useZoom, ZoomControls } from "./zoom-controls";

// The dialogs (the signature pad, the decline form and their rules) load when first opened, not with the page.
const SignatureDialog = dynamic(() => import("./signature-dialog").then((m) => m.SignatureDialog));
const DeclineDialog = dynamic(() => import("./decline-dialog").then((m) => m.DeclineDialog));

const isSignatureField = (f: SignerField): f is SignerField & { type: SignatureKind } => f.type === "signature" || f.type === "initials";

/** The signer's turn: the document with their fields, the signature dialog and the action bar. */
export function SigningSession({ view }: { view: SignerView }) {
  const s = useSigningState(view);
  const router = useRouter();
  const [signing, setSigning] = useState<(SignerField & { type: SignatureKind }) | null>(null);
  const [declining, setDeclining] = useState(false);
  const lastFieldId = useRef<string | null>(null);
  const finishRef = useRef<HTMLButtonElement>(null);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const zoom = useZoom(scrollerRef);

  // A field the server rejected: bring it into view so its message is next to it.
  const rejectedField = s.submitState.status === "error" ? s.submitState.error.field : undefined;
  useEffect(() => {
    if (rejectedField && document.getElementById(fieldDomId(rejectedField))) focusField(rejectedField);
  }, [rejectedField, s.submitState]);

  // 403: the PIN cookie has run out. Reload the view (it shows the PIN gate); the draft is kept in the session.
  const needsPin = s.submitState.status === "error" && s.submitState.error.status === 403;
  useEffect(() => {
    if (needsPin) router.refresh();
  }, [needsPin, router]);

  if (s.outcome) return <FinishedState view={view} kind={s.outcome.kind} result={s.outcome.result} />;

  function nextField() {
    const { fields, values } = s;
    const at = fields.findIndex((f) => f.id === lastFieldId.current);
    const order = [...fields.slice(at + 1), ...fields.slice(0, at + 1)];
    const empty = (f: SignerField) => !isFilled(f, values[f.id]);
    const target = order.find((f) => f.required && empty(f)) ?? order.find(empty);
    if (target) focusField(target.id);
    else finishRef.current?.focus();
  }

  async function finish() {
    await s.submit();
  }

  const otherEmpty = (field: SignerField) => s.fields.filter((f) => f.id !== field.id && f.type === field.type && !isFilled(f, s.values[f.id])).length;

  return (
    <div className="flex min-h-dvh flex-col" style={{ fontFamily: UI_FONT_STACK }}>
      <main className="mx-auto w-full max-w-3xl flex-1 space-y-4 px-3 py-4 sm:px-4 sm:py-6">
        <SignerHeader view={view} />
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          <p className="min-w-0 flex-1 basis-64 text-sm text-slate-600">
            {s.fields.length === 0
              ? "There are no fields for you on this document. Review it and select Finish."
              : "Fill in the highlighted fields. Fields marked with * are required; Tab moves from one field to the next."}
          </p>
          {view.document.pages.length > 0 ? <ZoomControls z={zoom} /> : null}
        </div>
        <div
          onFocusCapture={(e) => {
            const holder = (e.target as HTMLElement).closest<HTMLElement>("[data-field-id]");
            if (holder?.dataset.fieldId) lastFieldId.current = holder.dataset.fieldId;
          }}
        >
          <PageViewer
            pages={view.document.pages}
            prefilled={view.prefilled}
            fields={s.fields}
            zoom={zoom.zoom}
            scrollerRef={scrollerRef}
            renderField={(field, page) => (
              <FieldOverlay
                key={field.id}
                field={field}
                page={page}
                value={s.values[field.id] ?? ""}
                error={s.fieldErrors[field.id]}
                locale={view.locale}
                onChange={(v) => s.setValue(field.id, v)}
                onOpenSignature={(f) => {
                  if (isSignatureField(f)) setSigning(f);
                }}
              />
            )}
          />
        </div>
      </main>

      <ActionBar
        requiredCount={s.requiredCount}
        requiredFilled={s.requiredFilled}
        submitState={s.submitState}
        finishRef={finishRef}
        onNext={nextField}
        onFinish={finish}
        onDecline={() => setDeclining(true)}
        onShowField={(id) => (document.getElementById(fieldDomId(id)) ? focusField(id) : undefined)}
      />

      {signing ? (
        <SignatureDialog
          field={signing}
          signerName={view.signer.name}
          adopted={s.adopted[signing.type]}
          otherEmptyCount={otherEmpty(signing)}
          onApply={(url, others) => {
            s.applySignature(signing, url, others);
            setSigning(null);
          }}
          onClose={() => setSigning(null)}
        />
      ) : null}
      {declining ? <DeclineDialog senderName={view.sender.name} selfSent={view.signer.isSender} onDecline={s.decline} onClose={() => setDeclining(false)} /> : null}
    </div>
  );
}

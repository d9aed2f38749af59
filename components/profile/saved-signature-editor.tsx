"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { Profile, SavedSignatureKind } from "@/lib/api/profile";
import type { ActionResult } from "@/components/dashboard/action-result";
import { useActionMutation } from "@/components/dashboard/use-action-mutation";
import { DrawPad } from "@/components/signing/draw-pad";
import { TypeSignature } from "@/components/signing/type-signature";
import { UploadSignature } from "@/components/signing/upload-signature";
import { initialsOf } from "@/components/signing/field-utils";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

const TABS = [
  { key: "draw", label: "Draw" },
  { key: "type", label: "Type" },
  { key: "upload", label: "Upload" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

/**
 * Makes a signature or initials with the signer page's own pads (draw, type,
 * upload) and saves it; the server re-encodes the image before storing it.
 */
export function SavedSignatureEditor({
  kind,
  name,
  save,
  onDone,
}: {
  kind: SavedSignatureKind;
  name: string;
  save: (kind: SavedSignatureKind, body: { image: string }) => Promise<ActionResult<Profile>>;
  onDone: () => void;
}) {
  const noun = kind === "signature" ? "signature" : "initials";
  const baseId = useId();
  const [tab, setTab] = useState<TabKey>("draw");
  const [made, setMade] = useState<Record<TabKey, string | null>>({ draw: null, type: null, upload: null });
  const tabRefs = useRef<Record<TabKey, HTMLButtonElement | null>>({ draw: null, type: null, upload: null });
  const candidate = made[tab];
  const mutation = useActionMutation((image: string) => save(kind, { image }), {
    success: kind === "signature" ? "Signature saved" : "Initials saved",
    failure: kind === "signature" ? "Signature not saved" : "Initials not saved",
    onSuccess: onDone,
  });

  const setMadeFor = (key: TabKey) => (url: string | null) => {
    setMade((m) => (m[key] === url ? m : { ...m, [key]: url }));
    if (mutation.error) mutation.reset();
  };

  function onTabKey(e: KeyboardEvent<HTMLDivElement>) {
    const i = TABS.findIndex((t) => t.key === tab);
    const next =
      e.key === "ArrowRight" ? (i + 1) % TABS.length : e.key === "ArrowLeft" ? (i + TABS.length - 1) % TABS.length : e.key === "Home" ? 0 : e.key === "End" ? TABS.length - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    const key = TABS[next]!.key;
    setTab(key);
    tabRefs.current[key]?.focus();
  }

  return (
    <div className="space-y-4" role="group" aria-label={`New ${noun}`}>
      <div role="tablist" aria-label={`How to make your ${noun}`} onKeyDown={onTabKey} className="flex gap-1 border-b border-slate-200">
        {TABS.map((t) => {
          const selected = t.key === tab;
          return (
            <button
              key={t.key}
              ref={(el) => {
                tabRefs.current[t.key] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${t.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setTab(t.key)}
              className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${selected ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {TABS.map((t) => (
        <div key={t.key} role="tabpanel" id={`${baseId}-panel-${t.key}`} aria-labelledby={`${baseId}-tab-${t.key}`} hidden={t.key !== tab}>
          {t.key === "draw" ? (
            <DrawPad kind={kind} onChange={setMadeFor("draw")} />
          ) : t.key === "type" ? (
            <TypeSignature kind={kind} defaultText={kind === "signature" ? name : initialsOf(name)} onChange={setMadeFor("type")} />
          ) : (
            <UploadSignature kind={kind} onChange={setMadeFor("upload")} />
          )}
        </div>
      ))}
      {mutation.error ? <Alert>{mutation.error.message}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {!candidate ? (
          <p id={`${baseId}-why`} className="text-xs text-slate-600 sm:mr-auto">
            {tab === "draw" ? `Draw your ${noun} first.` : tab === "type" ? `Type your ${noun} first.` : "Choose an image first."}
          </p>
        ) : null}
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button
          type="button"
          disabled={!candidate || mutation.isPending}
          aria-busy={mutation.isPending}
          aria-describedby={!candidate ? `${baseId}-why` : undefined}
          onClick={() => candidate && mutation.mutate(candidate)}
        >
          {mutation.isPending ? <Spinner /> : null}
          {kind === "signature" ? "Save signature" : "Save initials"}
        </Button>
      </div>
    </div>
  );
}

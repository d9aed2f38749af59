"use client";

import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent } from "react";
import { DrawPad } from "./draw-pad";
import { TypeSignature } from "./type-signature";
import { UploadSignature } from "./upload-signature";

const TABS = [
  { key: "draw", label: "Draw" },
  { key: "type", label: "Type" },
  { key: "upload", label: "Upload" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

export type SignatureKind = "signature" | "initials";

/** What the open tab has made: its image, or (none yet) what to do first, to show beside the disabled button. */
export type MadeSignature = { image: string | null; missing: string };

const missingFor = (tab: TabKey, noun: string) => (tab === "draw" ? `Draw your ${noun} first.` : tab === "type" ? `Type your ${noun} first.` : "Choose an image first.");

/** What a SignatureMaker reports before anything is made (the Draw tab open): a caller's first state. */
export const nothingMade = (kind: SignatureKind): MadeSignature => ({ image: null, missing: missingFor("draw", kind === "signature" ? "signature" : "initials") });

/**
 * The three ways to make a signature or initials (draw, type, upload) as
 * tabs, each keeping what it made while another is open; reports the open
 * tab's image. Shared by the signer's dialog and the profile's saved
 * signatures, so both make the same images the same way.
 */
export function SignatureMaker({
  kind,
  defaultText,
  autoFocus,
  onChange,
}: {
  kind: SignatureKind;
  /** What the Type tab starts with (the name, or its initials). */
  defaultText: string;
  /** Marks the open tab for the surrounding dialog's first focus. */
  autoFocus?: boolean;
  onChange: (made: MadeSignature) => void;
}) {
  const noun = kind === "signature" ? "signature" : "initials";
  const baseId = useId();
  const [tab, setTab] = useState<TabKey>("draw");
  const [made, setMade] = useState<Record<TabKey, string | null>>({ draw: null, type: null, upload: null });
  const tabRefs = useRef<Record<TabKey, HTMLButtonElement | null>>({ draw: null, type: null, upload: null });
  const report = useEffectEvent(onChange);

  const image = made[tab];
  const missing = missingFor(tab, noun);
  useEffect(() => report({ image, missing }), [image, missing]);

  const setMadeFor = (key: TabKey) => (url: string | null) => setMade((m) => (m[key] === url ? m : { ...m, [key]: url }));

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
    <>
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
              data-autofocus={selected && autoFocus ? true : undefined}
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
            <TypeSignature kind={kind} defaultText={defaultText} onChange={setMadeFor("type")} />
          ) : (
            <UploadSignature kind={kind} onChange={setMadeFor("upload")} />
          )}
        </div>
      ))}
    </>
  );
}

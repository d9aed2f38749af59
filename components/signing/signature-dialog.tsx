"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { DrawPad } from "./draw-pad";
import { fieldLabel, initialsOf, type SignerField } from "./field-utils";
import { Modal } from "./modal";
import { TypeSignature } from "./type-signature";
import { UploadSignature } from "./upload-signature";

const TABS = [
  { key: "draw", label: "Draw" },
  { key: "type", label: "Type" },
  { key: "upload", label: "Upload" },
] as const;
type TabKey = (typeof TABS)[number]["key"];

export type SignatureKind = "signature" | "initials";

/**
 * Makes a signature or initials by drawing, typing or uploading, or reuses
 * the one adopted earlier; can place it in this signer's other empty fields
 * of the same kind at once.
 */
export function SignatureDialog({
  field,
  signerName,
  adopted,
  otherEmptyCount,
  onApply,
  onClose,
}: {
  field: SignerField & { type: SignatureKind };
  signerName: string;
  /** The image this signer adopted earlier for this kind, if any. */
  adopted: string | null;
  /** How many other fields of this kind are still empty. */
  otherEmptyCount: number;
  onApply: (dataUrl: string, applyToOthers: boolean) => void;
  onClose: () => void;
}) {
  const kind = field.type;
  const noun = kind === "signature" ? "signature" : "initials";
  const baseId = useId();
  const [tab, setTab] = useState<TabKey>("draw");
  const [made, setMade] = useState<Record<TabKey, string | null>>({ draw: null, type: null, upload: null });
  const [applyToOthers, setApplyToOthers] = useState(false);
  const tabRefs = useRef<Record<TabKey, HTMLButtonElement | null>>({ draw: null, type: null, upload: null });
  const candidate = made[tab];
  const defaultText = kind === "signature" ? signerName : initialsOf(signerName);
  const othersLabel = `Also place it in the ${otherEmptyCount} other empty ${kind === "signature" ? "signature" : "initials"} field${otherEmptyCount === 1 ? "" : "s"}`;

  function setMadeFor(key: TabKey) {
    return (url: string | null) => setMade((m) => (m[key] === url ? m : { ...m, [key]: url }));
  }

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
    <Modal title={kind === "signature" ? "Add your signature" : "Add your initials"} description={`For “${fieldLabel(field)}”`} onClose={onClose} size="lg">
      <div className="space-y-4">
        {adopted ? (
          <section aria-label={`Your adopted ${noun}`} className="space-y-2 rounded-lg bg-slate-50 p-3 ring-1 ring-inset ring-slate-200">
            <p className="text-sm font-medium text-slate-700">Your adopted {noun}</p>
            <div className="flex flex-wrap items-center gap-3">
              {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on this page */}
              <img src={adopted} alt={`Your adopted ${noun}`} className="h-14 max-w-[60%] rounded bg-white object-contain p-1 ring-1 ring-slate-200" />
              <button
                type="button"
                data-autofocus
                onClick={() => onApply(adopted, applyToOthers)}
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                {kind === "signature" ? "Use this signature" : "Use these initials"}
              </button>
            </div>
            <p className="text-xs text-slate-500">Or make a new one below.</p>
          </section>
        ) : null}

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
                data-autofocus={selected && !adopted ? true : undefined}
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

        {otherEmptyCount > 0 ? (
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={applyToOthers} onChange={(e) => setApplyToOthers(e.target.checked)} className="mt-0.5 h-4 w-4 accent-brand-600" />
            <span>{othersLabel}</span>
          </label>
        ) : null}

        <p className="text-xs text-slate-500">
          By selecting “Adopt and sign” you agree that this {noun === "signature" ? "mark is your electronic signature" : "mark stands for your initials"} on this
          document.
        </p>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
          {!candidate ? (
            <p id={`${baseId}-why`} className="text-xs text-slate-500 sm:mr-auto">
              {tab === "draw" ? `Draw your ${noun} first.` : tab === "type" ? `Type your ${noun} first.` : "Choose an image first."}
            </p>
          ) : null}
          <button type="button" onClick={onClose} className="rounded-md px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
            Cancel
          </button>
          <button
            type="button"
            disabled={!candidate}
            aria-describedby={!candidate ? `${baseId}-why` : undefined}
            onClick={() => candidate && onApply(candidate, applyToOthers)}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-600/50"
          >
            Adopt and sign
          </button>
        </div>
      </div>
    </Modal>
  );
}

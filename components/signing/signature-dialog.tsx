"use client";

import { useId, useState } from "react";
import { fieldLabel, initialsOf, type SignerField } from "./field-utils";
import { Modal } from "./modal";
import { nothingMade, SignatureMaker, type MadeSignature, type SignatureKind } from "./signature-maker";

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
  const [made, setMade] = useState<MadeSignature>(() => nothingMade(kind));
  const [applyToOthers, setApplyToOthers] = useState(false);
  const candidate = made.image;
  const defaultText = kind === "signature" ? signerName : initialsOf(signerName);
  const othersLabel = `Also place it in the ${otherEmptyCount} other empty ${kind === "signature" ? "signature" : "initials"} field${otherEmptyCount === 1 ? "" : "s"}`;

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

        <SignatureMaker kind={kind} defaultText={defaultText} autoFocus={!adopted} onChange={setMade} />

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
              {made.missing}
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
